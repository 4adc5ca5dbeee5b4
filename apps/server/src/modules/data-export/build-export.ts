// The build_data_export job: gathers the user's photos and records into one zip (yazl, streamed to a
// file), counting steps in the row's progress as it goes, then marks the export ready and queues the
// "your data is ready" email in the same transaction. A failure leaves no file and marks the export
// failed (the user can ask again); the job itself does not retry a failure.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { dataExportExpiresAt } from '@kept/domain';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { queueEmail } from '../../jobs/tasks.ts';
import { DATASETS, readmeText, type Cell, type PhotoFiles } from './contents.ts';
import { exportReadyEmail } from './emails.ts';
import { exportFile } from './files.ts';
import {
  checkInsOf,
  claimExport,
  markFailed,
  markReady,
  profileOf,
  projectsOf,
  setProgress,
} from './queries.ts';

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type ExportDeps = {
  db: Db;
  clock: Clock;
  storage: Storage;
  dataDir: string;
  baseUrl: string;
  log: Log;
};

/** Where the ready email sends the owner: Settings' "Your data" section (a session is needed). */
export const exportSettingsUrl = (baseUrl: string) => `${baseUrl}/settings#your-data`;

/** CSV of rows whose keys are `columns`: a BOM so spreadsheets read UTF-8, formulas defused. */
export function toCsv(columns: string[], rows: Record<string, Cell>[]): string {
  return stringify(rows, {
    bom: true,
    header: true,
    columns,
    escape_formulas: true,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

/** The extension of a stored photo's URL ('.jpg'), or '' when it has none. */
function extensionOf(url: string): string {
  const ext = path.extname(new URL(url, 'http://x').pathname).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '';
}

export async function buildDataExport(deps: ExportDeps, exportId: string): Promise<void> {
  const row = await claimExport(deps.db, exportId);
  // Ready, failed or expired already (a job run twice): nothing to do.
  if (!row) return;
  const target = exportFile(deps.dataDir, row.userId, row.id);
  const part = `${target}.part`;
  try {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const size = await writeZip(deps, row, part);
    await fsp.rename(part, target);
    const readyAt = deps.clock.now();
    const expiresAt = dataExportExpiresAt(readyAt);
    const user = await profileOf(deps.db, row.userId);
    const ready = await deps.db.transaction(async (tx) => {
      if (!(await markReady(tx, row.id, { readyAt, expiresAt, size }))) return false;
      if (user)
        await queueEmail(
          tx,
          `data-export:${row.id}`,
          exportReadyEmail({
            to: user.email,
            username: user.username,
            timezone: user.timezone,
            expiresAt,
            url: exportSettingsUrl(deps.baseUrl),
          }),
        );
      return true;
    });
    // The row went away while the zip was being written (the account was deleted): no file outlives it.
    if (!ready) {
      await fsp.rm(target, { force: true });
      return;
    }
    deps.log.info({ exportId: row.id, size }, 'data export ready');
  } catch (err) {
    deps.log.error({ err, exportId: row.id }, 'data export failed');
    await fsp.rm(part, { force: true });
    await fsp.rm(target, { force: true });
    await markFailed(deps.db, row.id);
  }
}

/** Writes the zip to `file`, step by step; resolves to its size in bytes. */
async function writeZip(
  deps: ExportDeps,
  row: { id: string; userId: string; createdAt: Date },
  file: string,
): Promise<number> {
  const zip = new ZipFile();
  // The output is written while entries are added, so nothing piles up in memory.
  const written = pipeline(zip.outputStream, fs.createWriteStream(file));
  // A failure of yazl's own (a bad entry) ends up here, and so rejects the build.
  const failed = new Promise<never>((_, reject) => zip.once('error', reject));
  failed.catch(() => undefined);
  try {
    await addEntries(deps, row, zip, failed);
    zip.end();
    await Promise.race([written, failed]);
  } catch (err) {
    // Stop the output too, so the half-written file is closed before the caller removes it.
    (zip.outputStream as Readable).destroy(err as Error);
    await written.catch(() => undefined);
    throw err;
  }
  const { size } = await fsp.stat(file);
  return size;
}

/** The photos (streamed one at a time), then each dataset as JSON and CSV, then the README. */
async function addEntries(
  deps: ExportDeps,
  row: { id: string; userId: string; createdAt: Date },
  zip: ZipFile,
  failed: Promise<never>,
): Promise<void> {
  const { db, userId } = { db: deps.db, userId: row.userId };
  const mtime = deps.clock.now();
  let done = 0;
  const step = async () => {
    done += 1;
    await setProgress(db, row.id, done);
  };

  // Photos first: each is streamed from storage into the zip before the next is opened.
  const photos: PhotoFiles = new Map();
  const checkIns = await checkInsOf(db, userId);
  const covers = await projectsOf(db, userId);
  const wanted: [url: string, name: string][] = [
    ...checkIns.flatMap((c) =>
      c.photoUrl
        ? [[c.photoUrl, `photos/check-ins/${c.id}${extensionOf(c.photoUrl)}`] as [string, string]]
        : [],
    ),
    ...covers.flatMap((p) =>
      p.imageUrl ? [[p.imageUrl, `photos/covers/${p.id}${extensionOf(p.imageUrl)}`] as [string, string]] : [],
    ),
  ];
  for (const [url, name] of wanted) {
    if (photos.has(url)) continue; // a cover chosen from a check-in's photo is that photo
    const stream = await deps.storage.read(url);
    if (!stream) continue; // a tag's picture, or a photo no longer stored
    // Photos are JPEG/PNG/WebP, compressed already: stored as they are.
    zip.addReadStream(stream, name, { mtime, compress: false });
    photos.set(url, name);
    await Promise.race([finished(stream), failed]);
  }
  await step();

  for (const set of DATASETS) {
    const rows = await set.rows(db, userId, photos);
    const columns = set.columns.map((c) => c.name);
    zip.addBuffer(Buffer.from(`${JSON.stringify(rows, null, 2)}\n`), `${set.name}.json`, { mtime });
    zip.addBuffer(Buffer.from(toCsv(columns, rows)), `${set.name}.csv`, { mtime });
    await step();
  }

  const profile = await profileOf(db, userId);
  zip.addBuffer(
    Buffer.from(readmeText({ username: profile?.username ?? null, createdAt: row.createdAt })),
    'README.txt',
    { mtime },
  );
}
