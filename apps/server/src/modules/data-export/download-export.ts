// GET /api/me/data-exports/:exportId/download: the zip, to its owner only, while it is ready and not
// expired. Anyone else's export, an unknown id and an expired one are all the same 404.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { SessionUser } from '@kept/contract';
import { DATA_EXPORT_MESSAGES, isDataExportDownloadable } from '@kept/domain';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { exportFile } from './files.ts';
import { exportOfUser } from './queries.ts';

export type ExportDownload = { stream: Readable; size: number; fileName: string };

export async function downloadDataExport(
  deps: { db: Db; clock: Clock; dataDir: string },
  user: SessionUser,
  exportId: string,
): Promise<ExportDownload> {
  const notFound = () => new DomainError('not_found', DATA_EXPORT_MESSAGES.notFound);
  if (!isUuid(exportId)) throw notFound();
  const row = await exportOfUser(deps.db, user.id, exportId);
  if (!row || !isDataExportDownloadable(row, deps.clock.now())) throw notFound();
  // Opened before answering, so a file that is gone is a 404 rather than a broken download.
  const handle = await fs.promises
    .open(exportFile(deps.dataDir, row.userId, row.id), 'r')
    .catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  if (!handle) throw notFound();
  const { size } = await handle.stat();
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { stream: handle.createReadStream(), size, fileName: `kept-data-${day}.zip` };
}
