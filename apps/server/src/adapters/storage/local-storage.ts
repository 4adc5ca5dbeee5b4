import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StorageKeyTakenError, assertSafeKey, keyUnder, type Storage } from './storage.ts';

export const LOCAL_UPLOADS_PREFIX = '/uploads/';

export function createLocalStorage(root: string): Storage {
  fsSync.mkdirSync(root, { recursive: true });
  return {
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.writeFile(file, body, { flag: 'wx' }); // never overwrite
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageKeyTakenError(key);
        throw err;
      }
      return `${LOCAL_UPLOADS_PREFIX}${key}`;
    },
    async remove(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    async read(url) {
      const key = keyUnder(LOCAL_UPLOADS_PREFIX, url);
      if (key === null) return null;
      // Opened before it is handed out, so a missing file is a null rather than a stream that fails.
      const handle = await fs.open(path.join(root, key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      return handle ? handle.createReadStream() : null;
    },
  };
}
