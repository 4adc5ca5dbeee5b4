// GET /api/projects: one page of the filtered list, largest refundable first, with 'X of Y projects
// found' (queries.ts has the statement; decision 059 its table).
import { isValidTimeZone } from '@kept/domain';
import type { ProjectListResponse, SessionUser } from '@kept/contract';
import { hasDueProjectCounters, refreshDueProjectCounters } from '../projects/counters.ts';
import { toProjectCard, type CardRow } from '../projects/cards.ts';
import { cacheKey, toJson, type Answer, type BrowseDeps, type SearchInput } from './deps.ts';
import { searchCountLimit, searchCountStatement, searchStatement, usesCounters } from './queries.ts';

/** Due counters refreshed before a missed-check-in filter runs (the sweep does the rest). */
const COUNTER_REFRESH_LIMIT = 500;

/**
 * X of 'X of Y projects found' from a count that stopped at `limit` + 1 rows: exact up to `limit`,
 * else `limit` with `totalCapped` (more than `limit` match).
 */
export function cappedTotal(counted: number, limit: number): { total: number; totalCapped: boolean } {
  return counted > limit ? { total: limit, totalCapped: true } : { total: counted, totalCapped: false };
}

/** The viewer's zone for date bounds: their own when signed in, else a valid `timeZone`, else UTC. */
function viewerZone(viewer: SessionUser | null, requested: string | null): string {
  if (viewer && isValidTimeZone(viewer.timezone)) return viewer.timezone;
  return requested !== null && isValidTimeZone(requested) ? requested : 'UTC';
}

/** The filtered list as the viewer sees it at `now` (also the home's `results` when filters are set). */
export async function searchValue(
  deps: BrowseDeps,
  input: SearchInput,
  viewer: SessionUser | null,
  now: Date,
): Promise<ProjectListResponse> {
  const { rows } = deps;
  const zone = viewerZone(viewer, input.timeZone);
  const page = { limit: input.limit, offset: input.offset };
  if (usesCounters(input)) {
    // Missed counts change when a period closes, and check-ins mark their project due: bring the
    // due ones up to `now` first.
    if (await hasDueProjectCounters(deps.db, now))
      await refreshDueProjectCounters(deps.db, now, { limit: COUNTER_REFRESH_LIMIT });
  }
  const [found, ids] = await Promise.all([
    rows<CardRow & { matchTotal: number; visibleTotal: number }>(searchStatement(input, now, zone, page)),
    viewer ? deps.favoriteIds(viewer) : Promise.resolve(undefined),
  ]);
  let counted = { n: found[0]?.matchTotal ?? 0, visibleTotal: found[0]?.visibleTotal ?? 0 };
  if (found.length === 0 && page.offset === 0 && page.limit > 0) {
    // An empty first page is no match at all: only the visible count is left to read.
    counted = { n: 0, visibleTotal: (await deps.tallies()).total };
  } else if (found.length === 0) {
    // Past the end: how many matched before it.
    const [row] = await rows<{ n: number; visible: number }>(searchCountStatement(input, now, zone, page));
    counted = { n: row?.n ?? 0, visibleTotal: row?.visible ?? 0 };
  }
  return {
    projects: found.map((row) =>
      toProjectCard(row, now, viewer ? { userId: viewer.id, favorites: ids } : undefined),
    ),
    ...cappedTotal(counted.n, searchCountLimit(page)),
    visibleTotal: counted.visibleTotal,
    ...page,
  };
}

/** The filtered list: an anonymous visitor's from the shared cache unless `fresh`. */
export async function searchProjects(
  deps: BrowseDeps,
  input: SearchInput,
  viewer: SessionUser | null,
  opts: { fresh: boolean },
): Promise<Answer<ProjectListResponse>> {
  const now = deps.clock.now();
  if (viewer) return { value: await searchValue(deps, input, viewer, now) };
  const compute = async () => toJson(await searchValue(deps, input, null, now));
  return deps.sharedAnswer(cacheKey('search', input), opts.fresh, compute);
}
