// The real server (src/main.ts with the flags `npm start` gives it) as a child process that a crash
// test can SIGKILL and start again on the same database. No vitest imports: `npm run bench` drives it
// too (bench/crash.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { SERVER_NODE_ARGS } from '../../src/node-args.ts';

export const MAIN_TS = path.resolve(import.meta.dirname, '../../src/main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  base: string;
  /** The last 64 KB of the child's stdout and stderr. */
  output: () => string;
  exited: Promise<Exit>;
  /** Whether the child is still running. */
  alive: () => boolean;
};

const OUTPUT_KEEP = 64 * 1024;

/**
 * Start main.ts with production settings on `databaseUrl` and resolve once /api/health answers 200
 * (polled; fails fast if the child exits first). The child is handed to `track` before anything can
 * fail, so the caller can always clean it up.
 */
export async function startServerProcess(opts: {
  databaseUrl: string;
  dataDir: string;
  authSecret: string;
  track: (server: ServerProcess) => void;
  healthTimeoutMs?: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Vitest puts Vite's BASE_URL ('/') and NODE_ENV=test into process.env; a real start has neither.
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, NODE_ENV: _n, ...inherited } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, MAIN_TS], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: base,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      AUTH_SECRET: opts.authSecret,
      ...vapidKeys(),
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      // Every simulated client comes from its own address, so per-IP limits see many clients.
      TRUST_PROXY: '1',
      // The overload bounds measure how busy the shared test machine is, not the app (decision 033):
      // a write refused for overload would only be one less acknowledged write to check.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      CHARGE_DEADLINE_MS: '0',
      DATABASE_POOL_WAIT_MS: '10000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > OUTPUT_KEEP * 2) out = out.slice(-OUTPUT_KEEP);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let running = true;
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const server: ServerProcess = {
    child,
    pid: child.pid ?? -1,
    base,
    output: () => out.slice(-OUTPUT_KEEP),
    exited,
    alive: () => running,
  };
  opts.track(server);

  const deadline = Date.now() + (opts.healthTimeoutMs ?? 60_000);
  while (running) {
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy in time:\n${server.output()}`);
    // Poll again soon, unless the child exits first.
    await Promise.race([new Promise((r) => setTimeout(r, 50)), exited]);
  }
  const exit = await exited;
  throw new Error(`server exited (${exit.code ?? exit.signal}) before it was healthy:\n${server.output()}`);
}

/** SIGKILL the child (if still running) and wait for it to be gone. */
export async function killServer(server: ServerProcess): Promise<Exit> {
  if (server.alive()) server.child.kill('SIGKILL');
  return server.exited;
}

/** A VAPID key pair in the settings' form (production requires one): P-256, URL-safe base64. */
export function vapidKeys(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys().toString('base64url');
  // 32 bytes always: a key with leading zero bytes comes out shorter.
  const privateKey = Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
    'base64url',
  );
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
}
