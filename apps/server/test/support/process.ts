import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_ARGS } from '../../src/node-args.ts';

export const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');

export type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Start the server as `npm start` runs it (its Node flags, src/main.ts) with the given settings. */
export function startServer(env: Record<string, string>): Running {
  // Vitest puts Vite's BASE_URL ('/') and friends into process.env; a real start has none of them.
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, MAIN], {
    env: { ...inherited, LOG_LEVEL: 'info', DEMO_DATA: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Poll until the URL answers 200 or the deadline passes; returns how long it took in ms. */
export async function waitForHealthy(url: string, timeoutMs: number, running?: Running): Promise<number> {
  const started = Date.now();
  let exitedEarly = false;
  void running?.exited.then(() => (exitedEarly = true));
  while (Date.now() - started < timeoutMs) {
    if (exitedEarly) throw new Error(`server exited before it was healthy:\n${running?.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not healthy within ${timeoutMs} ms:\n${running?.output() ?? ''}`);
}
