// A signed-in user stars a live project, or takes the star off, for themselves only. Both are idempotent.
import type { SessionUser } from '@kept/contract';
import type { Db } from '../../db/client.ts';
import { findLiveProject } from '../projects/access.ts';
import { deleteFavorite, insertFavorite } from './queries.ts';

export async function setFavorite(
  db: Db,
  input: { user: SessionUser; projectId: string; favorite: boolean },
): Promise<{ projectId: string; favorite: boolean }> {
  const project = await findLiveProject(db, input.projectId);
  if (input.favorite) await insertFavorite(db, input.user.id, project.id);
  else await deleteFavorite(db, input.user.id, project.id);
  return { projectId: project.id, favorite: input.favorite };
}
