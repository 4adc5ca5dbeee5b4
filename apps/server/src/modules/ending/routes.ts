import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EndingPreviewResponseSchema,
  EndingResponseSchema,
  ProjectIdParamsSchema as params,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import { endProject, previewEnding, type EndingDeps } from './end-project.ts';

/** The owner's way out: what it would do (GET …/ending), cancel in the first 24 hours, end early. */
export const endingRoutes =
  (deps: EndingDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/projects/:projectId/ending',
      { schema: { params, response: withErrors({ 200: EndingPreviewResponseSchema }) } },
      async (request) => previewEnding(deps, await request.requireUser(), request.params.projectId),
    );
    app.post(
      '/api/projects/:projectId/cancel',
      { schema: { params, response: withErrors({ 200: EndingResponseSchema }) } },
      async (request) => endProject(deps, await request.requireUser(), request.params.projectId, 'cancel'),
    );
    app.post(
      '/api/projects/:projectId/end',
      { schema: { params, response: withErrors({ 200: EndingResponseSchema }) } },
      async (request) => endProject(deps, await request.requireUser(), request.params.projectId, 'end'),
    );
  };
