// `npm start` as a user runs it: the real main.ts process on an embedded database in DATA_DIR.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../src/node-args.ts';
import { startServer, waitForHealthy, type Running } from './support/process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-boot-'));
const running: Running[] = [];
afterAll(async () => {
  for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function postmasterPid(): number {
  return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('booting Kept', () => {
  it('starts with the same Node flags from `npm start`, `npm run dev` and the tests (decision 063)', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    for (const script of ['start', 'dev']) {
      const words = manifest.scripts[script]?.split(' ') ?? [];
      const main = words.indexOf('src/main.ts');
      expect(main, script).toBeGreaterThan(0);
      for (const flag of SERVER_NODE_ARGS) expect(words.slice(0, main), script).toContain(flag);
    }
  });

  it('starts on an embedded database, stops cleanly on SIGTERM, and starts again on the same data', async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir };
    const first = startServer(env);
    running.push(first);
    await waitForHealthy(`http://localhost:${port}/api/health`, 60_000, first);
    const pid = postmasterPid();
    const health = await (await fetch(`http://localhost:${port}/api/health`)).json();
    expect(health).toEqual({ status: 'ok', database: 'ok' });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(() => process.kill(pid, 0)).toThrow(); // the embedded database stopped too
    expect(first.output()).toContain('SIGTERM received');

    const second = startServer(env);
    running.push(second);
    // How fast a warm start is gets measured by `npm run bench`, not asserted here.
    await waitForHealthy(`http://localhost:${port}/api/health`, 60_000, second);
    const kept = await (await fetch(`http://localhost:${port}/api/health`)).json();
    expect(kept).toEqual({ status: 'ok', database: 'ok' });
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 180_000); // two real starts of a database and an app: generous on a loaded machine

  it('refuses to start with bad settings and names each one', async () => {
    const r = startServer({ PORT: 'nope', DATABASE_URL: 'mysql://localhost/x' });
    running.push(r);
    expect(await r.exited).toBe(78);
    expect(r.output()).toContain('PORT');
    expect(r.output()).toContain('DATABASE_URL');
  }, 60_000);
});
