// The private calendar feed (issue 23): every upcoming check-in of the user's running projects as an
// iCalendar file (build-feed.ts), at a secret URL the user can replace.
import type { FastifyInstance } from 'fastify';
import type { FeedDeps } from './feed-link.ts';
import { calendarFeedRoutes } from './routes.ts';

export async function registerCalendarFeed(app: FastifyInstance, deps: FeedDeps): Promise<void> {
  await app.register(calendarFeedRoutes(deps));
}
