// The crash test's longer run (apps/server/test/crash-under-load.test.ts runs 5 kills in `npm test`):
// the server under a write load, SIGKILLed `kills` times at seeded moments and restarted on the same
// database (an embedded PostgreSQL in a temporary folder), checked after every restart, then stopped
// with SIGTERM under load. Prints one JSON line; `lost`, `problems`, `unexpected`,
// `charged_not_applied` and `graceful_cut` must all be 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runCrashScenario } from '../apps/server/test/support/crash-load.ts';
import { killServer, type ServerProcess } from '../apps/server/test/support/crash-server.ts';

export async function runCrashBenchmark(opts: { kills: number; seed: number }): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-bench-crash-'));
  const children: ServerProcess[] = [];
  const pg = await startEmbeddedPostgres(path.join(dir, 'postgres'), {
    info: () => {},
    warn: (m) => console.error(m),
  });
  const database = connectDatabase(pg.url, 4);
  const started = performance.now();
  try {
    const report = await runCrashScenario({
      databaseUrl: pg.url,
      db: database.db,
      dataDir: path.join(dir, 'data'),
      kills: opts.kills,
      seed: opts.seed,
      track: (child) => children.push(child),
      progress: (line) => console.error(line),
    });
    const a = report.acknowledged;
    const restarts = report.kills.map((k) => k.startMs).sort((x, y) => x - y);
    console.log(
      JSON.stringify({
        benchmark: 'crash',
        kills: report.kills.filter((k) => k.exit.signal === 'SIGKILL' && k.inFlight > 0).length,
        acknowledged: a.signUps.length + a.checkIns.length + a.deposits.length + a.donations.length,
        lost: report.lost.length,
        problems: report.problems.length,
        unexpected: report.unexpected.length,
        charged_not_applied: report.chargedNotApplied.length,
        graceful_cut: report.graceful.cut.length,
        graceful_exit: report.graceful.exit?.code ?? report.graceful.exit?.signal ?? null,
        acknowledged_by_kind: {
          sign_ups: a.signUps.length,
          deposits: a.deposits.length,
          check_ins: a.checkIns.length,
          donations: a.donations.length,
        },
        retried_confirms: report.retriedConfirms,
        requests: report.requests,
        restart_ms_p50: restarts[Math.floor(restarts.length / 2)] ?? null,
        seed: opts.seed,
        seconds: Math.round((performance.now() - started) / 1000),
      }),
    );
    for (const line of [
      ...report.lost,
      ...report.problems,
      ...report.unexpected,
      ...report.chargedNotApplied,
    ])
      console.error(line);
  } finally {
    await Promise.all(children.map((c) => killServer(c)));
    await database.close();
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
