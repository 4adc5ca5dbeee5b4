// "Download my data" (issue 24): the states of a data export, how long a finished one is kept, and the
// texts Settings and the server answer with.

/** queued → building → ready → expired; building → failed. */
export const DATA_EXPORT_STATES = ['queued', 'building', 'ready', 'failed', 'expired'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** A finished export can be downloaded for 7 days, then its file is deleted. */
export const DATA_EXPORT_KEEP_DAYS = 7;
export const DATA_EXPORT_KEEP_MS = DATA_EXPORT_KEEP_DAYS * 86_400_000;

/** When an export that became ready at `readyAt` expires. */
export function dataExportExpiresAt(readyAt: Date): Date {
  return new Date(readyAt.getTime() + DATA_EXPORT_KEEP_MS);
}

/** An export still on its way: a new request answers with it instead of starting another. */
export function isDataExportBusy(state: DataExportState): boolean {
  return state === 'queued' || state === 'building';
}

/** Whether an export's file can be downloaded at `now`. */
export function isDataExportDownloadable(
  row: { state: DataExportState; expiresAt: Date | null },
  now: Date | number,
): boolean {
  return row.state === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() > new Date(now).getTime();
}

export const DATA_EXPORT_MESSAGES = {
  notFound: 'This download is not available. You can request a new export in Settings.',
  failed: 'Something went wrong while building your export. Please try again.',
  requestFailed: 'Your export could not be requested. Please try again.',
  loadFailed: 'Your exports could not be loaded. Please try again.',
} as const;
