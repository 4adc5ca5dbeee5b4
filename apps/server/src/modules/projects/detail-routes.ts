// GET /api/projects/:projectId — one project's page (detail.ts). Unknown, deleted or malformed ids: 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProjectDetailParamsSchema,
  ProjectDetailResponseSchema,
  type ProjectDetailResponse,
} from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import { PROJECT_NOT_FOUND } from './access.ts';
import { loadProjectDetail } from './detail.ts';

export const projectDetailRoutes =
  (db: Db, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/projects/:projectId',
      {
        schema: {
          params: ProjectDetailParamsSchema,
          response: withErrors({ 200: ProjectDetailResponseSchema }),
        },
      },
      async (request): Promise<ProjectDetailResponse> => {
        const detail = await loadProjectDetail(
          db,
          clock,
          request.params.projectId,
          await request.currentUser(),
        );
        if (!detail) throw new DomainError('not_found', PROJECT_NOT_FOUND);
        return detail;
      },
    );
  };
