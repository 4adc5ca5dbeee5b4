// GET /api/home, GET /api/projects (filtered list), GET /api/categories/:slug.
// A request with `Cache-Control: no-cache` skips the shared cache (HTTP's own meaning of it).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoryQuerySchema, ProjectSearchQuerySchema } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { refreshAllDueProjectCounters } from '../projects/counters.ts';
import { createBrowseService, type Answer } from './service.ts';

const CATEGORY_NOT_FOUND = 'Category not found';
/** How often the counters of projects whose period closed are brought up to date. */
const COUNTER_SWEEP_MS = 60_000;

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
  (db: Db, clock: Clock, opts: { counterSweepMs?: number } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const browse = createBrowseService({ db, clock });

    app.get('/api/home', { schema: { querystring: ProjectSearchQuerySchema } }, async (request, reply) =>
      send(
        reply,
        await browse.home(request.query, await request.currentUser(), { fresh: wantsFresh(request) }),
      ),
    );

    app.get('/api/projects', { schema: { querystring: ProjectSearchQuerySchema } }, async (request, reply) =>
      send(
        reply,
        await browse.search(request.query, await request.currentUser(), { fresh: wantsFresh(request) }),
      ),
    );

    app.get(
      '/api/categories/:slug',
      {
        schema: {
          params: z.object({ slug: z.string().trim().min(1).max(100) }),
          querystring: CategoryQuerySchema,
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
        if (!answer) throw new HttpError(404, 'not_found', CATEGORY_NOT_FOUND);
        return send(reply, answer);
      },
    );

    // The periodic sweep that keeps missed-check-in counters current as periods close.
    const every = opts.counterSweepMs ?? COUNTER_SWEEP_MS;
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        void refreshAllDueProjectCounters(db, clock.now())
          .catch((err: unknown) => app.log.warn({ err }, 'counter sweep failed'))
          .finally(() => {
            running = false;
          });
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  };
