// What the load benchmarks share: a PostgreSQL seeded at scale (embedded in a data folder, kept and
// reused with --data-dir), and the app started on it as `node apps/server/src/main.ts`.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { SERVER_NODE_ARGS } from '../apps/server/src/node-args.ts';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'apps/server/src/main.ts');
const seedCli = path.join(root, 'apps/server/src/seed/cli.ts');
const anchorServer = path.join(root, 'bench/anchor-server.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    // Progress goes to stderr: stdout carries only the JSON figures.
    const child = spawn(command, args, { env, stdio: ['ignore', 2, 2] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type BenchDatabase = {
  url: string;
  dataDir: string;
  /** The environment the seed and the app run with (DATA_DIR, DATABASE_URL, quiet logs). */
  env: NodeJS.ProcessEnv;
  close: () => Promise<void>;
};

/**
 * An embedded PostgreSQL with `projects` seeded (`npm run seed`) in `dataDir` (seeded on first use,
 * reused after), or in a temporary folder removed on close; or `databaseUrl`'s, as it is.
 */
export async function openSeededDatabase(opts: {
  projects: number;
  dataDir?: string;
  /** A PostgreSQL already running and seeded (`npm run seed`): used as it is, nothing started. */
  databaseUrl?: string;
}): Promise<BenchDatabase> {
  const { BASE_URL: _b, DEMO_DATA: _d, ...inherited } = process.env;
  if (opts.databaseUrl) {
    // Only the app's own files (email outbox, uploads) need a folder.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-bench-files-'));
    return {
      url: opts.databaseUrl,
      dataDir,
      env: { ...inherited, DATA_DIR: dataDir, DATABASE_URL: opts.databaseUrl, LOG_LEVEL: 'warn' },
      close: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const keep = opts.dataDir !== undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kept-bench-load-'));
  const pgDir = path.join(dataDir, 'postgres');
  // Starting the embedded database stops a server left running on the folder: never someone else's.
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && alive(pid))
      throw new Error(
        `${pgDir} is in use by a running PostgreSQL (pid ${pid}): pass its --database-url, or stop it`,
      );
  }
  const reuse = keep && fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  const db = await startEmbeddedPostgres(pgDir, { info: () => {}, warn: (m: string) => console.error(m) });
  const env = { ...inherited, DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
  if (!reuse) {
    const seeded = performance.now();
    await run(process.execPath, [seedCli, '--projects', String(opts.projects)], env);
    const ms = Math.round(performance.now() - seeded);
    console.log(JSON.stringify({ benchmark: 'seed', projects: opts.projects, ms }));
  }
  return {
    url: db.url,
    dataDir,
    env,
    close: async () => {
      await db.stop();
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type RunningApp = { base: string; child: ChildProcess; stop: () => Promise<void> };

/** The server as `npm start` runs it, on the database as a web instance, healthy; `stop` sends SIGTERM and waits. */
export async function startApp(env: NodeJS.ProcessEnv): Promise<RunningApp> {
  // A web instance (JOBS=0): on the seeded data a jobs-on instance would settle ~10,000 ended
  // projects while it is being measured.
  // With the flags `npm start` gives it; the yardsticks run with Node's defaults.
  return spawnServer([...SERVER_NODE_ARGS, main], '/api/health', {
    JOBS: '0',
    ...env,
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    // Production requires one VAPID pair (decision 036): P-256, URL-safe base64.
    ...(() => {
      const ecdh = crypto.createECDH('prime256v1');
      const publicKey = ecdh.generateKeys().toString('base64url');
      // 32 bytes always: a key with leading zero bytes comes out shorter.
      const privateKey = Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
        'base64url',
      );
      return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
    })(),
  });
}

/** An answer as it went out: its headers, and its body (base64) exactly as sent. */
export type SameBytes = { headers: Record<string, string>; body: string };

/**
 * The yardsticks (anchor-server.ts: hello world, naive project page, baseline search) on the bench's
 * database; with `sameBytes`, also a bare route sending that answer.
 */
export async function startAnchors(
  databaseUrl: string,
  opts: { sameBytes?: SameBytes } = {},
): Promise<RunningApp> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  let dir: string | undefined;
  if (opts.sameBytes) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-anchor-'));
    env.SAME_BYTES_FILE = path.join(dir, 'answer.json');
    fs.writeFileSync(env.SAME_BYTES_FILE, JSON.stringify(opts.sameBytes));
  }
  const running = await spawnServer([anchorServer], '/health', env);
  return {
    ...running,
    stop: async () => {
      await running.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Node flags for the servers the bench starts, for looking inside a run (`BENCH_NODE_ARGS='--trace-gc'`,
 * `'--cpu-prof --cpu-prof-dir=/tmp/prof'`); with them, the servers' stdout goes to the bench's stderr.
 */
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

async function spawnServer(args: string[], health: string, env: NodeJS.ProcessEnv): Promise<RunningApp> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', NODE_ARGS.length > 0 ? 2 : 'ignore', 2],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(base + health)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 50)); // poll: also the start-up figures' resolution
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, child, stop };
}

/** POST a JSON body to the running app; anything but 2xx throws with the answer. */
export async function postJson(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return { json: JSON.parse(text) as Record<string, unknown>, setCookie: res.headers.getSetCookie() };
}

/**
 * A new member, signed up and signed in through the real routes (`name@bench.example.com`): their
 * session cookie. `headers` gives each request's extra headers (a client address, say).
 */
export async function signedInCookie(
  base: string,
  name: string,
  opts: { timezone?: string; headers?: () => Record<string, string> } = {},
): Promise<string> {
  const headers = opts.headers ?? (() => ({}));
  const account = { email: `${name}@bench.example.com`, password: 'bench password 1' };
  const timezone = opts.timezone ?? 'UTC';
  await postJson(base, '/api/auth/sign-up', { username: name, ...account, timezone }, headers());
  const signIn = await postJson(base, '/api/auth/sign-in', account, headers());
  return signIn.setCookie.map((c) => c.split(';')[0]).join('; ');
}
