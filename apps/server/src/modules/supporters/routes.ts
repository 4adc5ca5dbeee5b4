import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProjectDetailParamsSchema,
  SupporterMessageRequestSchema,
  SupporterParamsSchema,
  SupportersResponseSchema,
} from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { withErrors } from '../../http/responses.ts';
import { hideSupporterMessage } from './hide-message.ts';
import { listSupporters } from './list-supporters.ts';

/** GET /api/projects/:projectId/supporters (public) and PUT …/supporters/:donationId/message (owner). */
export const supporterRoutes =
  (deps: { db: Db; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/projects/:projectId/supporters',
      {
        schema: {
          params: ProjectDetailParamsSchema,
          response: withErrors({ 200: SupportersResponseSchema }),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listSupporters(deps, request.params.projectId, await request.currentUser());
      },
    );
    app.put(
      '/api/projects/:projectId/supporters/:donationId/message',
      {
        schema: {
          params: SupporterParamsSchema,
          body: SupporterMessageRequestSchema,
          response: withErrors({ 200: SupportersResponseSchema }),
        },
      },
      async (request) => {
        const user = await request.requireUser();
        return hideSupporterMessage(deps, user, { ...request.params, hidden: request.body.hidden });
      },
    );
  };
