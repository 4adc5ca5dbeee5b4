// Check-in reminders: the plugin that registers the unsubscribe link. (The reminders themselves are
// sent by the lifecycle job, jobs/lifecycle.ts.)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { notificationRoutes } from './routes.ts';
import { unsubscribeReminders } from './unsubscribe-reminders.ts';

export const notificationsModule =
  (deps: { db: Db; baseUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      notificationRoutes({
        unsubscribeReminders: (token) => unsubscribeReminders(deps.db, token),
        baseUrl: deps.baseUrl,
      }),
    );
  };
