// The signed-in user's private calendar feed: its URL (the secret made on first ask), a new URL that
// kills the old one, and the feed itself for whoever holds the secret.
import crypto from 'node:crypto';
import { projectSchedule } from '@kept/domain';
import type { CalendarFeedResponse, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { scheduleOf } from '../projects/access.ts';
import { checkInsByProject } from '../projects/counters.ts';
import { buildCheckInFeed } from './build-feed.ts';
import { ensureFeedToken, replaceFeedToken, selectFeedProjects, userByFeedToken } from './queries.ts';

export type FeedDeps = { db: Db; clock: Clock; baseUrl: string };

export const FEED_NOT_FOUND = 'This calendar link does not work any more. Copy the new one from Settings.';
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const newToken = () => crypto.randomBytes(24).toString('base64url');
const feedUrl = (deps: FeedDeps, token: string) => `${deps.baseUrl}/api/calendar/${token}/check-ins.ics`;

export async function showFeedLink(deps: FeedDeps, user: SessionUser): Promise<CalendarFeedResponse> {
  const token = await ensureFeedToken(deps.db, user.id, newToken());
  if (!token) throw new DomainError('not_found', 'User not found');
  return { url: feedUrl(deps, token) };
}

export async function rotateFeedLink(deps: FeedDeps, user: SessionUser): Promise<CalendarFeedResponse> {
  const token = await replaceFeedToken(deps.db, user.id, newToken(), deps.clock.now());
  if (!token) throw new DomainError('not_found', 'User not found');
  return { url: feedUrl(deps, token) };
}

/** The .ics of the secret's holder; an unknown or replaced secret is a 404. */
export async function serveFeed(deps: FeedDeps, token: string): Promise<string> {
  const userId = TOKEN.test(token) ? await userByFeedToken(deps.db, token) : undefined;
  if (!userId) throw new DomainError('not_found', FEED_NOT_FOUND);
  const rows = await selectFeedProjects(deps.db, userId);
  const checkIns = await checkInsByProject(
    deps.db,
    rows.map((r) => r.id),
  );
  return buildCheckInFeed({
    projects: rows.map((row) => ({
      id: row.id,
      title: row.title,
      schedule: projectSchedule(scheduleOf(row)),
      checkIns: checkIns.get(row.id) ?? [],
    })),
    now: deps.clock.now(),
    baseUrl: deps.baseUrl,
  });
}
