// GET /api/me/data-export: the signed-in user's latest export (its progress while it builds).
import type { DataExportResponse, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { toDataExport } from './dto.ts';
import { latestExportOf } from './queries.ts';

export async function showDataExport(
  deps: { db: Db; clock: Clock },
  user: SessionUser,
): Promise<DataExportResponse> {
  const row = await latestExportOf(deps.db, user.id);
  return { export: row ? toDataExport(row, deps.clock.now()) : null };
}
