// The embedded database survives what real machines do to it: a killed app, a stale pid file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

const quiet = { info: () => {}, warn: () => {} };
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-embedded-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('creates a database on first start and keeps its data across restarts', async () => {
    const dir = path.join(root, 'keep', 'postgres');
    const first = await startEmbeddedPostgres(dir, quiet);
    await query(first.url, 'create table kept_probe (v int); insert into kept_probe values (42)');
    await first.stop();
    const second = await startEmbeddedPostgres(dir, quiet);
    try {
      expect(await query(second.url, 'select v from kept_probe')).toEqual([{ v: 42 }]);
    } finally {
      await second.stop();
    }
  });

  it('recovers when the app that started it was killed with SIGKILL', async () => {
    const dir = path.join(root, 'crash', 'postgres');
    const script = `
      import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, '../src/db/embedded.ts'))};
      const db = await startEmbeddedPostgres(${JSON.stringify(dir)}, { info() {}, warn() {} });
      console.log('READY ' + db.url);
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /READY (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error(`child exited early: ${out}`)));
    });
    await query(url, 'create table crash_probe (v int); insert into crash_probe values (7)');
    const exited = new Promise((r) => child.on('exit', r));
    expect(child.kill('SIGKILL')).toBe(true);
    await exited;
    const leftoverPid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(leftoverPid, 0)).not.toThrow(); // its postgres is still running

    const again = await startEmbeddedPostgres(dir, quiet);
    try {
      expect(() => process.kill(leftoverPid, 0)).toThrow();
      expect(await query(again.url, 'select v from crash_probe')).toEqual([{ v: 7 }]);
    } finally {
      await again.stop();
    }
  });

  it('starts over a stale postmaster.pid whose process is gone', async () => {
    const dir = path.join(root, 'stale', 'postgres');
    const first = await startEmbeddedPostgres(dir, quiet);
    await first.stop();
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `999999\n${dir}\n0\n5432\n`);
    const second = await startEmbeddedPostgres(dir, quiet);
    try {
      expect(await query(second.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await second.stop();
    }
  });
});
