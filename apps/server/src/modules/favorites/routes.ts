// Favorites: GET the signed-in user's stars; PUT / DELETE one project's star.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FavoritesResponseSchema,
  FavoriteToggleResponseSchema,
  ProjectIdParamsSchema as params,
  type SessionUser,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';

export type FavoriteUseCases = {
  listFavorites: (user: SessionUser) => Promise<{ projectIds: string[] }>;
  setFavorite: (input: {
    user: SessionUser;
    projectId: string;
    favorite: boolean;
  }) => Promise<{ projectId: string; favorite: boolean }>;
};

const toggle = { params, response: withErrors({ 200: FavoriteToggleResponseSchema }) };

export const favoriteRoutes =
  (useCases: FavoriteUseCases): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/favorites',
      { schema: { response: withErrors({ 200: FavoritesResponseSchema }) } },
      async (request, reply) => {
        const favorites = await useCases.listFavorites(await request.requireUser());
        reply.header('cache-control', 'no-store');
        return favorites;
      },
    );

    app.put('/api/projects/:projectId/favorite', { schema: toggle }, async (request) => {
      const user = await request.requireUser();
      return useCases.setFavorite({ user, projectId: request.params.projectId, favorite: true });
    });

    app.delete('/api/projects/:projectId/favorite', { schema: toggle }, async (request) => {
      const user = await request.requireUser();
      return useCases.setFavorite({ user, projectId: request.params.projectId, favorite: false });
    });
  };
