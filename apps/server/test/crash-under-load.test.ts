// Crash safety: the real server process under a write load (sign-ups, projects paid by card,
// check-ins, donations) gets SIGKILL at seeded random moments with requests in flight, and starts
// again on the same database each time. After every restart: each write the server acknowledged
// (2xx) is in the database, the ledger balances, and no project or payment is half made; at the end,
// re-sent card confirms leave no charged payment unapplied, and a SIGTERM under the same load answers
// every request in flight and exits 0. CRASH_SEED replays a run; CRASH_KILLS
// changes the number of kills (the longer run lives in `npm run bench`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCrashScenario, type CrashReport } from './support/crash-load.ts';
import { killServer, type ServerProcess } from './support/crash-server.ts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';

const SEED = Number(process.env.CRASH_SEED ?? 20_240_917);
const KILLS = Number(process.env.CRASH_KILLS ?? 5);

let database: TestDatabase;
let dataDir: string;
const children: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-crash-'));
});

afterAll(async () => {
  // Whatever happened, no server started here outlives the test.
  await Promise.all(children.map((c) => killServer(c)));
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('crash under load', () => {
  it(`loses no acknowledged write and leaves the books sound across ${KILLS} SIGKILLs (seed ${SEED})`, async () => {
    const report: CrashReport = await runCrashScenario({
      databaseUrl: database.url,
      db: database.db,
      dataDir,
      kills: KILLS,
      seed: SEED,
      track: (child) => children.push(child),
      ...(process.env.CRASH_VERBOSE ? { progress: (line: string) => process.stderr.write(`${line}\n`) } : {}),
    });
    const context = `seed ${SEED}; kills: ${JSON.stringify(report.kills)}`;

    // Every kill happened, by SIGKILL, with requests in flight.
    expect(report.kills, context).toHaveLength(KILLS);
    for (const kill of report.kills) {
      expect(kill.exit, context).toEqual({ code: null, signal: 'SIGKILL' });
      expect(kill.inFlight, context).toBeGreaterThan(0);
    }
    // The load wrote something of every kind, so the checks below check something.
    const a = report.acknowledged;
    expect(a.signUps.length, context).toBeGreaterThan(KILLS);
    expect(a.deposits.length, context).toBeGreaterThan(0);
    expect(a.checkIns.length, context).toBeGreaterThan(KILLS);
    expect(a.donations.length, context).toBeGreaterThan(0);

    expect(report.unexpected, context).toEqual([]);
    expect(report.lost, context).toEqual([]);
    expect(report.problems, context).toEqual([]);
    // And a graceful stop under the same load answers every request in flight and exits 0.
    expect(report.graceful.inFlight, context).toBeGreaterThan(0);
    expect(report.graceful.cut, context).toEqual([]);
    expect(report.graceful.exit, `${context}\n${report.graceful.log}`).toEqual({ code: 0, signal: null });
    // Every card payment the processor took (confirms cut by a kill were sent again) is applied.
    expect(report.chargedNotApplied, context).toEqual([]);
  }, 600_000); // ~30 s on an idle machine; each restart loads the server's modules, far slower on a busy one
});
