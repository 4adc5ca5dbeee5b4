// Favorites: the plugin that registers the module's routes with its use cases.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { listFavorites } from './list-favorites.ts';
import { favoriteRoutes } from './routes.ts';
import { setFavorite } from './set-favorite.ts';

export const favoritesModule =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      favoriteRoutes({
        listFavorites: (user) => listFavorites(db, user),
        setFavorite: (input) => setFavorite(db, input),
      }),
    );
  };
