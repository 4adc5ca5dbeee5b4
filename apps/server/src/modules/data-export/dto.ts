import type { DataExport } from '@kept/contract';
import { isDataExportDownloadable } from '@kept/domain';
import type { ExportRow } from './queries.ts';

/** An export as its owner sees it; the download address only while it can be downloaded. */
export function toDataExport(row: ExportRow, now: Date): DataExport {
  return {
    id: row.id,
    state: row.state,
    progress: { done: row.progress, total: row.progressTotal },
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.size,
    downloadUrl: isDataExportDownloadable(row, now) ? `/api/me/data-exports/${row.id}/download` : null,
  };
}
