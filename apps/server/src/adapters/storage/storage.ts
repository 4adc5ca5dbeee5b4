import type { Readable } from 'node:stream';

// Where photos live. Local folder by default (served by the app under /uploads/), an S3-compatible
// bucket in production. Both take a key like 'checkins/{projectId}/{file}' and give a public URL.
/** Thrown by `put` when the key already holds an object: nothing is ever overwritten. */
export class StorageKeyTakenError extends Error {
  constructor(key: string) {
    super(`storage key already taken: ${key}`);
  }
}

export type Storage = {
  put: (key: string, body: Buffer, contentType: string) => Promise<string>;
  remove: (key: string) => Promise<void>;
  /**
   * The bytes behind a URL that `put` gave, as a stream; null for any other URL (a tag's default
   * picture) or an object that is gone. Used by the data export to copy a user's photos.
   */
  read: (url: string) => Promise<Readable | null>;
};

/** Keys are made by us, but check anyway: no climbing out of the storage root. */
export function assertSafeKey(key: string): void {
  if (
    !/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) ||
    key.split('/').some((part) => part === '..' || part === '')
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** The key behind `url` when it is `prefix` + a safe key, else null. */
export function keyUnder(prefix: string, url: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  try {
    assertSafeKey(key);
  } catch {
    return null;
  }
  return key;
}
