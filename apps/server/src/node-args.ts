// The Node.js flags the server runs with: `npm start` and `npm run dev` pass them (apps/server/package.json,
// scripts/dev.ts), and so do the bench and the tests that start the real process. An operator who starts
// src/main.ts another way passes them too (README, "Running in production").
//
// --initial-old-space-size: V8 starts the old generation at 256 MB instead of growing it from a few MB.
// Under load the server's live heap is ~50 MB, and with V8's own starting limit it compacted the old
// generation every half second, each time pausing every request in flight for 7–17 ms: the slowest
// hundredth of the answers were those pauses. The price is about 50 MB more memory (decision 063).
export const SERVER_NODE_ARGS: readonly string[] = ['--initial-old-space-size=256'];
