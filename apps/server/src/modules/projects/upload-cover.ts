// The owner uploads a cover: re-encoded like a check-in photo (so no EXIF/GPS survives) and stored by
// Kept. A cover is never an address elsewhere: every visitor's browser, and every link preview,
// fetches it from Kept.
import crypto from 'node:crypto';
import type { ProjectFacts, SessionUser } from '@kept/contract';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { processPhoto } from '../checkins/photo.ts';
import { PROJECT_NOT_FOUND, factsOf, findOwnedProject } from './access.ts';
import { updateCover } from './queries.ts';

export type CoverDeps = {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: { warn: (obj: object, msg: string) => void };
};

export async function uploadCover(
  deps: CoverDeps,
  input: { projectId: string; user: SessionUser; photo: Buffer },
): Promise<ProjectFacts> {
  const project = await findOwnedProject(deps.db, input.projectId, input.user);
  const photo = await processPhoto(input.photo);
  const key = `covers/${project.id}/${crypto.randomUUID()}.${photo.ext}`;
  const url = await deps.storage.put(key, photo.image, photo.mime);
  let set = false;
  try {
    set = await updateCover(deps.db, project.id, input.user.id, url, deps.clock.now());
  } finally {
    if (!set)
      await deps.storage
        .remove(key)
        .catch((err: unknown) => deps.log.warn({ err, key }, 'could not remove an unused cover'));
  }
  // Deleted while the picture was being stored.
  if (!set) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  return factsOf(deps, project.id);
}
