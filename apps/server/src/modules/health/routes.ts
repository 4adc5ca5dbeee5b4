import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import type { Database } from '../../db/client.ts';

/** GET /api/health: is the app up and can it reach its database? */
export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      { schema: { response: withErrors({ 200: HealthResponseSchema, 503: HealthResponseSchema }) } },
      async (_request, reply) => {
        const ok = await pingDatabase(database);
        return reply
          .status(ok ? 200 : 503)
          .header('cache-control', 'no-store')
          .send({ status: ok ? 'ok' : 'error', database: ok ? 'ok' : 'unavailable' });
      },
    );
  };

async function pingDatabase(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), 2_000);
    });
    await Promise.race([database.pool.query('select 1'), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
