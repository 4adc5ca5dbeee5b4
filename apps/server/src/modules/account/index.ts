// Settings: the plugin that registers the module's routes with its use cases.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { changeTimezone } from './change-timezone.ts';
import { changeUsername } from './change-username.ts';
import { settingsRoutes } from './routes.ts';
import { showSettings } from './show-settings.ts';

export const accountModule =
  (deps: { db: Db; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      settingsRoutes({
        showSettings: (user) => showSettings(deps.db, user),
        changeUsername: (user, username) => changeUsername(deps, user, username),
        changeTimezone: (user, timezone) => changeTimezone(deps, user, timezone),
      }),
    );
  };
