// GET /api/home, GET /api/projects (filtered list), GET /api/categories/:slug.
// A request with `Cache-Control: no-cache` skips the shared cache (HTTP's own meaning of it).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoryQuerySchema,
  CategoryResponseSchema,
  CategorySlugParamsSchema,
  HomeResponseSchema,
  ProjectListResponseSchema,
  ProjectSearchQuerySchema,
  type CategoryResponse,
  type HomeResponse,
  type ProjectListResponse,
  type SessionUser,
} from '@kept/contract';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import { sendJson, wantsFresh } from '../../http/precompressed.ts';
import type { Answer, CategoryPage, SearchInput } from './deps.ts';

type Fresh = { fresh: boolean };

export type BrowseUseCases = {
  showHome: (input: SearchInput, viewer: SessionUser | null, opts: Fresh) => Promise<Answer<HomeResponse>>;
  searchProjects: (
    input: SearchInput,
    viewer: SessionUser | null,
    opts: Fresh,
  ) => Promise<Answer<ProjectListResponse>>;
  showCategory: (
    slug: string,
    query: CategoryPage,
    viewer: SessionUser | null,
    opts: Fresh,
  ) => Promise<Answer<CategoryResponse> | null>;
};

const CATEGORY_NOT_FOUND = 'Category not found';

/** Ready-made JSON bytes as they are (../../http/precompressed.ts), an object through the serializer. */
function send<T>(request: FastifyRequest, reply: FastifyReply, answer: Answer<T>, precompress: boolean) {
  if (!('json' in answer)) return reply.send(answer.value);
  return sendJson(request, reply, answer, precompress);
}

export const browseRoutes =
  (useCases: BrowseUseCases): FastifyPluginAsyncZod =>
  async (app) => {
    // Shared answers are compressed once per cache entry only where the app compresses at all
    // (COMPRESSION=0 leaves it to a proxy).
    const precompress = app.hasReplyDecorator('compress');

    app.get(
      '/api/home',
      {
        schema: { querystring: ProjectSearchQuerySchema, response: withErrors({ 200: HomeResponseSchema }) },
      },
      async (request, reply) =>
        send(
          request,
          reply,
          await useCases.showHome(request.query, await request.currentUser(), { fresh: wantsFresh(request) }),
          precompress,
        ),
    );

    app.get(
      '/api/projects',
      {
        schema: {
          querystring: ProjectSearchQuerySchema,
          response: withErrors({ 200: ProjectListResponseSchema }),
        },
      },
      async (request, reply) =>
        send(
          request,
          reply,
          await useCases.searchProjects(request.query, await request.currentUser(), {
            fresh: wantsFresh(request),
          }),
          precompress,
        ),
    );

    app.get(
      '/api/categories/:slug',
      {
        schema: {
          params: CategorySlugParamsSchema,
          querystring: CategoryQuerySchema,
          response: withErrors({ 200: CategoryResponseSchema }),
        },
      },
      async (request, reply) => {
        const answer = await useCases.showCategory(
          request.params.slug,
          request.query,
          await request.currentUser(),
          {
            fresh: wantsFresh(request),
          },
        );
        if (!answer) throw new DomainError('not_found', CATEGORY_NOT_FOUND);
        return send(request, reply, answer, precompress);
      },
    );
  };
