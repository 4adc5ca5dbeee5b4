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
} from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import { createBrowseService, type Answer } from './service.ts';

const CATEGORY_NOT_FOUND = 'Category not found';

function wantsFresh(request: FastifyRequest): boolean {
  const header = request.headers['cache-control'];
  return typeof header === 'string' && /\bno-cache\b/i.test(header);
}

/** Ready-made JSON bytes as they are, an object through the serializer (compression: @fastify/compress). */
function send<T>(reply: FastifyReply, answer: Answer<T>) {
  if (!('json' in answer)) return reply.send(answer.value);
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

export const browseRoutes =
  (db: Db, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    const browse = createBrowseService({ db, clock });

    app.get(
      '/api/home',
      {
        schema: { querystring: ProjectSearchQuerySchema, response: withErrors({ 200: HomeResponseSchema }) },
      },
      async (request, reply) =>
        send(
          reply,
          await browse.home(request.query, await request.currentUser(), { fresh: wantsFresh(request) }),
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
          reply,
          await browse.search(request.query, await request.currentUser(), { fresh: wantsFresh(request) }),
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
        const answer = await browse.category(
          request.params.slug,
          request.query,
          await request.currentUser(),
          {
            fresh: wantsFresh(request),
          },
        );
        if (!answer) throw new DomainError('not_found', CATEGORY_NOT_FOUND);
        return send(reply, answer);
      },
    );
  };
