import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PauseParamsSchema,
  PauseRequestSchema,
  PausesResponseSchema,
  ProjectIdParamsSchema,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import { liftPause, pausePeriod, type PauseDeps } from './change-pause.ts';

/** POST /api/projects/:projectId/pauses and DELETE …/pauses/:period — the owner's pauses. */
export const pauseRoutes =
  (deps: PauseDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/projects/:projectId/pauses',
      {
        schema: {
          params: ProjectIdParamsSchema,
          body: PauseRequestSchema,
          response: withErrors({ 200: PausesResponseSchema }),
        },
      },
      async (request) => {
        const user = await request.requireUser();
        return {
          pausedPeriods: await pausePeriod(deps, user, request.params.projectId, request.body.period),
        };
      },
    );
    app.delete(
      '/api/projects/:projectId/pauses/:period',
      { schema: { params: PauseParamsSchema, response: withErrors({ 200: PausesResponseSchema }) } },
      async (request) => {
        const user = await request.requireUser();
        return {
          pausedPeriods: await liftPause(deps, user, request.params.projectId, request.params.period),
        };
      },
    );
  };
