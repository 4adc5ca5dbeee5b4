import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CalendarFeedParamsSchema, CalendarFeedResponseSchema } from '@kept/contract';
import { textFile, withErrors } from '../../http/responses.ts';
import { rotateFeedLink, serveFeed, showFeedLink, type FeedDeps } from './feed-link.ts';

const calendarFile = textFile(
  'The iCalendar feed: one all-day event per upcoming check-in.',
  'text/calendar',
);

/** GET /api/me/calendar-feed, POST /api/me/calendar-feed/rotate, GET /api/calendar/:token/check-ins.ics */
export const calendarFeedRoutes =
  (deps: FeedDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const response = withErrors({ 200: CalendarFeedResponseSchema });
    app.get('/api/me/calendar-feed', { schema: { response } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return showFeedLink(deps, await request.requireUser());
    });
    app.post('/api/me/calendar-feed/rotate', { schema: { response } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rotateFeedLink(deps, await request.requireUser());
    });
    app.get(
      '/api/calendar/:token/check-ins.ics',
      {
        schema: {
          description: 'A private feed: whoever holds the link reads it; a replaced link is a 404.',
          params: CalendarFeedParamsSchema,
          response: withErrors({ 200: calendarFile }),
        },
      },
      async (request, reply) => {
        const feed = await serveFeed(deps, request.params.token);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .header('content-disposition', 'inline; filename="kept-check-ins.ics"')
          .send(feed);
      },
    );
  };
