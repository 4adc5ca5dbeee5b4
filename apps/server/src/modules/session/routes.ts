import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/session: who is signed in. Accounts (better-auth) fill this in; until then nobody is. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/session', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ user: null });
  });
};
