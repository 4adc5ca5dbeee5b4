// POST /api/me/data-export: start building a copy of the signed-in user's data. One export is built at
// a time per user: asking again while one is queued or building answers with that one.
import type { DataExportResponse, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../jobs/tasks.ts';
import { EXPORT_STEPS } from './contents.ts';
import { toDataExport } from './dto.ts';
import { busyExportOf, insertExport } from './queries.ts';

export async function requestDataExport(
  deps: { db: Db; clock: Clock },
  user: SessionUser,
): Promise<{ created: boolean; body: DataExportResponse }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertExport(tx, { userId: user.id, progressTotal: EXPORT_STEPS, createdAt: now });
    if (row) {
      // The job exists exactly when the row does.
      await enqueue(tx, 'build_data_export', { exportId: row.id }, { jobKey: `data-export:${row.id}` });
      return { created: true, body: { export: toDataExport(row, now) } };
    }
    const busy = await busyExportOf(tx, user.id);
    if (!busy) throw new Error('an export was busy but is gone');
    return { created: false, body: { export: toDataExport(busy, now) } };
  });
}
