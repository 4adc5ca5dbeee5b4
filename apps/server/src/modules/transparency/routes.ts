import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TransparencyResponseSchema, type TransparencyResponse } from '@kept/contract';
import { withErrors } from '../../http/responses.ts';

/** GET /api/transparency — public totals from the ledger (a short-lived shared answer). */
export const transparencyRoutes =
  (getTransparency: () => Promise<TransparencyResponse>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/transparency',
      { schema: { response: withErrors({ 200: TransparencyResponseSchema }) } },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=30');
        return getTransparency();
      },
    );
  };
