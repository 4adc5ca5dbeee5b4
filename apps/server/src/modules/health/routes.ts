// GET /api/health: 200 when the database answers, 503 when it does not.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema, type HealthResponse } from '@kept/contract';
import { withErrors } from '../../http/responses.ts';

export const healthRoutes =
  (useCases: { checkHealth: () => Promise<HealthResponse> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      { schema: { response: withErrors({ 200: HealthResponseSchema, 503: HealthResponseSchema }) } },
      async (_request, reply) => {
        const health = await useCases.checkHealth();
        return reply
          .status(health.status === 'ok' ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(health);
      },
    );
  };
