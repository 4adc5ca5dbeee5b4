// The project page as a visitor who is not signed in sees it, shared by all of them (decision 037).
// Each answer is kept under (project, page version): the version is a column the database moves on every
// change the page shows (migration 0026's triggers on the project, its check-ins and its owner's name),
// so one primary-key read tells whether a kept answer is still the page, on every instance, the moment
// a write commits; no instance needs to hear of the change. The version is read before the page's own
// reads, so an answer is never kept under a version older than the data it shows.
//
// What moves with time alone is bounded by the clock: an answer is kept until the first instant at which
// its schedule figures can change (the period closes, the project starts or ends, the days left or the
// progress per cent tick over, the project's day turns), and never longer than MAX_AGE_MS. Ended, ended-early and cancelled
// projects are not kept: their statements read settlement rows the version does not follow.
import { LRUCache } from 'lru-cache';
import { DAY_MS, addDays, localDateOf, startOfLocalDay } from '@kept/domain';
import { ProjectDetailResponseSchema, type ProjectDetailResponse } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { compressedFor, type Precompressed } from '../../http/precompressed.ts';
import { PROJECT_NOT_FOUND } from './access.ts';
import { readPageVersion } from './queries.ts';
import { projectPage } from './show-project.ts';

/** The longest an answer is kept even when nothing on it could change sooner. */
export const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 2_000;

/** An answer as the route sends it: its JSON, and its compressed bodies as visitors ask for them. */
export type PageAnswer = { json: Buffer; compressed: Precompressed };
/** A kept answer and the clock's time it was made at. */
type Entry = PageAnswer & { madeAt: number };
type Built = { entry: Entry; keepMs: number };

/** How long `answer`, made at `now`, stays true with no write: 0 when it is not to be kept. */
export function keepFor(answer: ProjectDetailResponse, now: Date, countsHoldUntil: Date | null): number {
  const { summary } = answer.project;
  const { commitment } = answer;
  if (answer.settlement || summary.ended || countsHoldUntil === null) return 0;
  if (commitment.cancelledAt || commitment.endedEarlyAt) return 0;
  const t = now.getTime();
  const starts = Date.parse(summary.startsAt);
  const ends = Date.parse(summary.endsAt);
  const changes = [countsHoldUntil.getTime(), ends + 1, t + MAX_AGE_MS];
  if (t < starts) changes.push(starts);
  // The next check-in's day words ('Today', 'Tomorrow', 'Overdue') change at the project's midnight.
  changes.push(startOfLocalDay(addDays(localDateOf(now, summary.timezone), 1), summary.timezone).getTime());
  // Days left: ceil((end − now) / 1 day) ticks down each whole day before the end.
  const toEnd = ends - t;
  changes.push(t + (toEnd % DAY_MS || DAY_MS));
  // Progress: floor((now − start) × 100 / (end − start)) ticks over at the next whole per cent.
  if (t >= starts && ends > starts) {
    const next = starts + Math.ceil(((summary.progressPercent + 1) * (ends - starts)) / 100);
    changes.push(next);
  }
  return Math.max(0, Math.min(...changes) - t);
}

export type ProjectPageCache = {
  /** The anonymous visitor's page of `id`: a kept answer while it is still the page, else a new one. */
  anonymousPage: (id: string) => Promise<PageAnswer>;
};

export function createProjectPageCache(deps: { db: Db; clock: Clock }): ProjectPageCache {
  const cache = new LRUCache<string, Entry, () => Promise<Built>>({
    max: MAX_ENTRIES,
    // Ages on the app's clock, read at every check, so tests can move time.
    perf: { now: () => deps.clock.now().getTime() },
    ttlResolution: 0,
    ttl: MAX_AGE_MS,
    fetchMethod: async (_key, _stale, { options, context }) => {
      const built = await context();
      // Visitors asking at the same moment share this answer; one not to be kept is dropped after.
      options.ttl = Math.max(1, built.keepMs);
      return built.entry;
    },
  });

  async function build(id: string): Promise<Built> {
    const { answer, now, countsHoldUntil } = await projectPage(deps, id, null);
    // The contract's check, as the serializer makes it for every other answer: only its fields go out.
    const json = Buffer.from(JSON.stringify(ProjectDetailResponseSchema.encode(answer)));
    return {
      entry: { json, compressed: compressedFor(json), madeAt: now.getTime() },
      keepMs: keepFor(answer, now, countsHoldUntil),
    };
  }

  return {
    async anonymousPage(id) {
      if (!isUuid(id)) throw new DomainError('not_found', PROJECT_NOT_FOUND);
      const version = await readPageVersion(deps.db, id);
      if (version === undefined) throw new DomainError('not_found', PROJECT_NOT_FOUND);
      const key = `${id}:${version}`;
      let keepMs = MAX_AGE_MS;
      // An answer made at a later time than now (a clock set back) is not this moment's page.
      const kept = cache.get(key);
      const forceRefresh = kept !== undefined && kept.madeAt > deps.clock.now().getTime();
      const answer = await cache.fetch(key, {
        forceRefresh,
        context: async () => {
          const built = await build(id);
          keepMs = built.keepMs;
          return built;
        },
      });
      if (answer === undefined) throw new Error(`project page cache: no answer for ${key}`);
      if (keepMs === 0) cache.delete(key);
      return answer;
    },
  };
}
