// `npm run bench`: measured figures, printed as one JSON line each. Not a pass/fail test.
// 1. How long Kept takes to start on a fresh DATA_DIR (cold: creates the embedded database) and again
//    on the same data (warm).
// 2. Load at scale (load.ts): 100,000 projects and ~1,000,000 check-ins, the browse endpoints under
//    autocannon, and the plans of their queries. `--projects N`, `--connections N`, `--duration S`,
//    `--skip-start`, `--skip-load`, `--data-dir DIR` (seed once, reuse after), `--database-url URL` (a
//    PostgreSQL already running and seeded) and `--only home,search` adjust a run.
//    Beside Kept's figures, in the same run: a Fastify hello world, a naive project page, the search
//    issue 20 started from and the cached home's bytes from a bare route (anchor-server.ts), and one
//    JSON line per target of issue 20 with its `ratio` and `met` (decision 047). A figure with
//    yardsticks is measured `--rounds` times (3), each time just after them; its targets come from the
//    round with the median ratio, with every round's ratio beside them (decision 050).
// 3. Mixed load (mixed.ts) on the same data: 80% reads, 15% check-ins, 5% donations; saturation at
//    `--mixed-connections` (50, closed loop) for `--mixed-duration` seconds (60), then an open loop at
//    half and at twice that throughput for as long, each after the baseline search that restates its
//    bounds in this run's milliseconds (decision 051), then the acknowledged writes and the ledger
//    checked. `--skip-mixed`; `--only mixed`.
// 4. Crash under load (crash.ts): `--kills` (50) SIGKILLs of the server under a write load, checking
//    after each restart that no acknowledged write is lost and the books balance. `--skip-crash`,
//    `--crash-seed N`; `--only crash`.
// `--only` takes names by their start: load endpoints (home, search, detail…), `mixed`, `crash`.
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp } from './app.ts';
import { runCrashBenchmark } from './crash.ts';
import { LOAD_ENDPOINTS, runLoadBenchmark } from './load.ts';
import { runMixedBenchmark } from './mixed.ts';

/** Milliseconds from spawning the server on `dataDir` until /api/health answers (jobs on, as `npm start`). */
async function timeStart(dataDir: string): Promise<number> {
  const { BASE_URL: _b, ...env } = process.env;
  const started = performance.now();
  const app = await startApp({ ...env, JOBS: '1', DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'warn' });
  const ms = performance.now() - started;
  await app.stop();
  return ms;
}

const { values: args } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    'skip-start': { type: 'boolean', default: false },
    'skip-load': { type: 'boolean', default: false },
    'skip-mixed': { type: 'boolean', default: false },
    'skip-crash': { type: 'boolean', default: false },
    'mixed-connections': { type: 'string', default: '50' },
    'mixed-duration': { type: 'string', default: '60' },
    kills: { type: 'string', default: '50' },
    'crash-seed': { type: 'string', default: '20240917' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
  },
});
const only = args.only?.split(',').filter(Boolean);
const wanted = (name: string) => !only || only.some((prefix) => name.startsWith(prefix));
const dataDir = {
  ...(args['data-dir'] ? { dataDir: path.resolve(args['data-dir']) } : {}),
  ...(args['database-url'] ? { databaseUrl: args['database-url'] } : {}),
};

async function startupFigures(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-bench-'));
  try {
    const cold = await timeStart(dataDir);
    console.log(JSON.stringify({ benchmark: 'start-cold', ms: Math.round(cold) }));
    for (let i = 1; i <= 3; i++) {
      const warm = await timeStart(dataDir);
      console.log(JSON.stringify({ benchmark: 'start-warm', run: i, ms: Math.round(warm) }));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!args['skip-start']) await startupFigures();
if (!args['skip-load'] && LOAD_ENDPOINTS.some(wanted)) {
  await runLoadBenchmark({
    projects: Number(args.projects),
    connections: Number(args.connections),
    durationSec: Number(args.duration),
    rounds: Math.max(1, Number(args.rounds)),
    ...dataDir,
    ...(only ? { only } : {}),
  });
}
if (!args['skip-mixed'] && wanted('mixed')) {
  await runMixedBenchmark({
    projects: Number(args.projects),
    connections: Number(args['mixed-connections']),
    durationSec: Number(args['mixed-duration']),
    ...dataDir,
  });
}
if (!args['skip-crash'] && wanted('crash')) {
  await runCrashBenchmark({ kills: Number(args.kills), seed: Number(args['crash-seed']) });
}
