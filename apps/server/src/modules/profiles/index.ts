// Public profiles: the plugin that registers the module's route with its use case.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { profileRoutes } from './routes.ts';
import { showProfile } from './show-profile.ts';

export const profilesModule =
  (deps: { db: Db; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(profileRoutes({ showProfile: (username) => showProfile(deps, username) }));
  };
