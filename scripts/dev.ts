// `npm run dev`: the server with --watch (restarts on change) and Vite's dev server with hot reload.
// Open http://localhost:5173; Vite forwards /api to the server on :3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_ARGS } from '../apps/server/src/node-args.ts';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, [...SERVER_NODE_ARGS, '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173', INIT_CWD: root },
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
