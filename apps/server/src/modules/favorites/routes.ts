// Favorites: a signed-in user stars projects for themselves only.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FavoritesResponseSchema,
  FavoriteToggleResponseSchema,
  ProjectIdParamsSchema as params,
} from '@kept/contract';
import type { Db } from '../../db/client.ts';
import { projects, userFavorites } from '../../db/schema.ts';
import { withErrors } from '../../http/responses.ts';
import { findLiveProject } from '../projects/access.ts';

const toggle = { params, response: withErrors({ 200: FavoriteToggleResponseSchema }) };

export const favoriteRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/favorites',
      { schema: { response: withErrors({ 200: FavoritesResponseSchema }) } },
      async (request, reply) => {
        const user = await request.requireUser();
        const rows = await db
          .select({ projectId: userFavorites.projectId })
          .from(userFavorites)
          .innerJoin(projects, eq(projects.id, userFavorites.projectId))
          .where(and(eq(userFavorites.userId, user.id), isNull(projects.deletedAt)));
        reply.header('cache-control', 'no-store');
        return { projectIds: rows.map((r) => r.projectId) };
      },
    );

    app.put('/api/projects/:projectId/favorite', { schema: toggle }, async (request) => {
      const user = await request.requireUser();
      const project = await findLiveProject(db, request.params.projectId);
      await db.insert(userFavorites).values({ userId: user.id, projectId: project.id }).onConflictDoNothing();
      return { projectId: project.id, favorite: true };
    });

    app.delete('/api/projects/:projectId/favorite', { schema: toggle }, async (request) => {
      const user = await request.requireUser();
      const project = await findLiveProject(db, request.params.projectId);
      await db
        .delete(userFavorites)
        .where(and(eq(userFavorites.userId, user.id), eq(userFavorites.projectId, project.id)));
      return { projectId: project.id, favorite: false };
    });
  };
