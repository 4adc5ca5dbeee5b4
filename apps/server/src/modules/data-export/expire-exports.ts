// The expire_data_exports task (hourly, and in tests' runDue): every ready export whose 7 days are over
// at the injected clock's now loses its file and is marked expired.
import fsp from 'node:fs/promises';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { exportFile } from './files.ts';
import { dueForExpiry, markExpired } from './queries.ts';

const BATCH = 100;

/** Resolves to how many exports expired. */
export async function expireDataExports(deps: { db: Db; clock: Clock; dataDir: string }): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await dueForExpiry(deps.db, deps.clock.now(), BATCH);
    for (const row of due) {
      // The file first: a crash between the two leaves a row that is removed again (force) next time.
      await fsp.rm(exportFile(deps.dataDir, row.userId, row.id), { force: true });
      await markExpired(deps.db, row.id);
      expired += 1;
    }
    if (due.length < BATCH) return expired;
  }
}
