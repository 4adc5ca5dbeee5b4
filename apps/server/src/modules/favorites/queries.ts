// Favorites' SQL: one row per (user, project) star.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, userFavorites } from '../../db/schema.ts';

/** The ids of the live projects `userId` has starred. */
export async function selectFavoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ projectId: userFavorites.projectId })
    .from(userFavorites)
    .innerJoin(projects, eq(projects.id, userFavorites.projectId))
    .where(and(eq(userFavorites.userId, userId), isNull(projects.deletedAt)));
  return rows.map((r) => r.projectId);
}

export async function insertFavorite(db: Db, userId: string, projectId: string): Promise<void> {
  await db.insert(userFavorites).values({ userId, projectId }).onConflictDoNothing();
}

export async function deleteFavorite(db: Db, userId: string, projectId: string): Promise<void> {
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.projectId, projectId)));
}
