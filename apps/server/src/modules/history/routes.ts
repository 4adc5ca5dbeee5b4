import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HistorySchema, ProjectIdParamsSchema, UsernameParamsSchema } from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import { myHistory, profileHistory, projectHistory, type HistoryDeps } from './show-history.ts';

/** GET /api/projects/:projectId/history, /api/users/:username/history (public) and /api/me/history. */
export const historyRoutes =
  (deps: HistoryDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const response = withErrors({ 200: HistorySchema });
    app.get(
      '/api/projects/:projectId/history',
      { schema: { params: ProjectIdParamsSchema, response } },
      async (request) => projectHistory(deps, request.params.projectId),
    );
    app.get(
      '/api/users/:username/history',
      { schema: { params: UsernameParamsSchema, response } },
      async (request) => profileHistory(deps, request.params.username),
    );
    app.get('/api/me/history', { schema: { response } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return myHistory(deps, await request.requireUser());
    });
  };
