// The signed-in user's starred projects (live ones only).
import type { SessionUser } from '@kept/contract';
import type { Db } from '../../db/client.ts';
import { selectFavoriteIds } from './queries.ts';

export async function listFavorites(db: Db, user: SessionUser): Promise<{ projectIds: string[] }> {
  return { projectIds: await selectFavoriteIds(db, user.id) };
}
