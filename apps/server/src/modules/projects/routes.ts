// The projects module's routes: a project's page, the owner's actions (edit, delete, cover) and My
// Projects. Each parses, calls one use case and answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COVER_MESSAGES,
  ChangeVisibilityRequestSchema,
  ChooseCoverRequestSchema,
  CoverUploadFormSchema,
  EditProjectRequestSchema,
  MyProjectsResponseSchema,
  OkResponseSchema,
  ProjectFactsResponseSchema,
  ProjectDetailParamsSchema,
  ProjectDetailResponseSchema,
  ProjectIdParamsSchema as params,
  type ChangeVisibilityRequest,
  type ChooseCoverRequest,
  type EditProjectData,
  type MyProjectsResponse,
  type ProjectFacts,
  type ProjectDetailResponse,
  type SessionUser,
} from '@kept/contract';
import { DomainError } from '../../http/errors.ts';
import { readMultipart } from '../../http/multipart.ts';
import { sendJson, wantsFresh } from '../../http/precompressed.ts';
import { withErrors } from '../../http/responses.ts';
import { MULTIPART } from '../../http/validate.ts';
import type { PageAnswer } from './page-cache.ts';

type ProjectAction = { projectId: string; user: SessionUser };

export type ProjectUseCases = {
  showProject: (projectId: string, viewer: SessionUser | null) => Promise<ProjectDetailResponse>;
  /** The page as every visitor who is not signed in sees it, shared between them (page-cache.ts). */
  showAnonymousPage: (projectId: string) => Promise<PageAnswer>;
  editProject: (input: ProjectAction & { edit: EditProjectData }) => Promise<ProjectFacts>;
  deleteProject: (input: ProjectAction) => Promise<void>;
  listMyProjects: (user: SessionUser) => Promise<MyProjectsResponse>;
  uploadCover: (input: ProjectAction & { photo: Buffer }) => Promise<ProjectFacts>;
  chooseCover: (input: ProjectAction & { choice: ChooseCoverRequest }) => Promise<ProjectFacts>;
  changeVisibility: (input: ProjectAction & { change: ChangeVisibilityRequest }) => Promise<ProjectFacts>;
};

const factsResponse = withErrors({ 200: ProjectFactsResponseSchema });

export const projectRoutes =
  (useCases: ProjectUseCases): FastifyPluginAsyncZod =>
  async (app) => {
    // Kept answers are compressed once per entry only where the app compresses at all.
    const precompress = app.hasReplyDecorator('compress');
    // Unknown, deleted or malformed ids: 404.
    app.get(
      '/api/projects/:projectId',
      {
        schema: {
          params: ProjectDetailParamsSchema,
          response: withErrors({ 200: ProjectDetailResponseSchema }),
        },
      },
      async (request, reply) => {
        const viewer = await request.currentUser();
        if (viewer || wantsFresh(request)) return useCases.showProject(request.params.projectId, viewer);
        return sendJson(
          request,
          reply,
          await useCases.showAnonymousPage(request.params.projectId),
          precompress,
        );
      },
    );

    app.patch(
      '/api/projects/:projectId',
      { schema: { params, body: EditProjectRequestSchema, response: factsResponse } },
      async (request) => {
        const user = await request.requireUser();
        const { projectId } = request.params;
        return { project: await useCases.editProject({ projectId, user, edit: request.body }) };
      },
    );

    app.delete(
      '/api/projects/:projectId',
      { schema: { params, response: withErrors({ 200: OkResponseSchema }) } },
      async (request) => {
        const user = await request.requireUser();
        await useCases.deleteProject({ projectId: request.params.projectId, user });
        return { ok: true as const };
      },
    );

    app.get(
      '/api/me/projects',
      { schema: { response: withErrors({ 200: MyProjectsResponseSchema }) } },
      async (request, reply) => {
        const user = await request.requireUser();
        const projects = await useCases.listMyProjects(user);
        reply.header('cache-control', 'no-store');
        return projects;
      },
    );

    app.post(
      '/api/projects/:projectId/cover',
      {
        schema: {
          params,
          body: { content: { [MULTIPART]: { schema: CoverUploadFormSchema } } },
          response: factsResponse,
        },
      },
      async (request) => {
        const user = await request.requireUser();
        const noFile = () =>
          new DomainError('validation_error', COVER_MESSAGES.noFile, { photo: COVER_MESSAGES.noFile });
        if (!request.isMultipart()) throw noFile();
        const { photo } = await readMultipart(request, {
          maxFields: 5,
          maxFieldBytes: 1_000,
          failedMessage: COVER_MESSAGES.failed,
        });
        if (!photo) throw noFile();
        const { projectId } = request.params;
        return { project: await useCases.uploadCover({ projectId, user, photo }) };
      },
    );

    app.put(
      '/api/projects/:projectId/cover',
      { schema: { params, body: ChooseCoverRequestSchema, response: factsResponse } },
      async (request) => {
        const user = await request.requireUser();
        const { projectId } = request.params;
        return { project: await useCases.chooseCover({ projectId, user, choice: request.body }) };
      },
    );

    app.put(
      '/api/projects/:projectId/visibility',
      { schema: { params, body: ChangeVisibilityRequestSchema, response: factsResponse } },
      async (request) => {
        const user = await request.requireUser();
        const { projectId } = request.params;
        return { project: await useCases.changeVisibility({ projectId, user, change: request.body }) };
      },
    );
  };
