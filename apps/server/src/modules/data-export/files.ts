// Where an export's zip lives: ${DATA_DIR}/exports/<userId>/<exportId>.zip (the convention shared with
// account deletion, which removes the user's folder). Ids are checked so no path climbs out of it.
import path from 'node:path';

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The folder of one user's exports. */
export function userExportDir(dataDir: string, userId: string): string {
  if (!SAFE_ID.test(userId)) throw new Error('unsafe user id for an export path');
  return path.join(dataDir, 'exports', userId);
}

/** The zip of one export. */
export function exportFile(dataDir: string, userId: string, exportId: string): string {
  if (!SAFE_ID.test(exportId)) throw new Error('unsafe export id for an export path');
  return path.join(userExportDir(dataDir, userId), `${exportId}.zip`);
}
