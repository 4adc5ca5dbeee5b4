// The Node.js flags the server runs with: `npm start` and `npm run dev` pass them (apps/server/package.json,
// scripts/dev.ts), and so do the bench and the tests that start the real process. An operator who starts
// src/main.ts another way passes them too (README, "Running in production").
//
// --initial-old-space-size: V8 starts the old generation at 256 MB instead of growing it from a few MB,
// so that under load it compacts the old generation (a pause for every request in flight) far less
// often, for some more memory (decision 063 has the figures).
export const SERVER_NODE_ARGS: readonly string[] = ['--initial-old-space-size=256'];
