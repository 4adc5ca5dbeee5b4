// Health: the plugin that registers the health check.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { checkHealth } from './check-health.ts';
import { healthRoutes } from './routes.ts';

export const healthModule =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(healthRoutes({ checkHealth: () => checkHealth(database) }));
  };
