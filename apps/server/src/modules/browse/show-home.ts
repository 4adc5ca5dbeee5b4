// GET /api/home: the shared sections (Largest Commitments, Finishing Soon, Editor's Picks, each tag),
// a signed-in viewer's favorites, or with an active filter the filtered list in `results`.
import { FEATURED_LIMIT, TAGS, hasActiveFilters } from '@kept/domain';
import type { HomeResponse, ProjectCard, SessionUser } from '@kept/contract';
import { toProjectCard, type CardRow } from '../projects/cards.ts';
import { cacheKey, toJson, type Answer, type BrowseDeps, type SearchInput } from './deps.ts';
import { favoritesStatement, homeSectionsStatement, type HomeSizes } from './queries.ts';
import { searchValue } from './search-projects.ts';

/** Cards per home section: small carousels (4 per page) so the whole answer stays under 40 KB. */
export const HOME_SIZES: HomeSizes = { section: 8, featured: FEATURED_LIMIT, perTag: 4 };
/** The most a home answer may weigh; pathological data (very long URLs) trims the longest sections. */
export const HOME_MAX_BYTES = 40 * 1024;

type Section = 'topFunded' | 'finishingSoon';

/**
 * The home answer as JSON within `maxBytes`: while too heavy, the last card of the longest section
 * goes (each section keeps at least one). With ordinary data nothing is trimmed.
 */
export function homeJsonWithin(answer: HomeResponse, maxBytes: number): Buffer {
  const json = Buffer.from(JSON.stringify(answer));
  let size = json.length;
  if (size <= maxBytes) return json;
  const sections = [
    answer.favorites,
    answer.topFunded,
    answer.finishingSoon,
    answer.featured,
    ...answer.byTag.map((s) => s.projects),
  ];
  while (size > maxBytes) {
    const longest = sections.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length <= 1) break;
    const dropped = longest.pop();
    size -= Buffer.byteLength(JSON.stringify(dropped)) + 1;
  }
  return Buffer.from(JSON.stringify(answer));
}

/** The shared sections' rows, grouped by section (a tag name for the tag sections). */
function homeRows(deps: BrowseDeps, now: Date, fresh: boolean): Promise<Map<string, CardRow[]>> {
  const load = async () => {
    const grouped = new Map<string, (CardRow & { rank: number })[]>();
    for (const row of await deps.rows<CardRow & { section: string; rank: number }>(
      homeSectionsStatement(now, HOME_SIZES),
    )) {
      const list = grouped.get(row.section) ?? [];
      list.push(row);
      grouped.set(row.section, list);
    }
    for (const list of grouped.values()) list.sort((a, b) => Number(a.rank) - Number(b.rank));
    return grouped as Map<string, CardRow[]>;
  };
  return fresh ? load() : deps.sharedRows(load);
}

function homeAnswer(
  grouped: Map<string, CardRow[]>,
  now: Date,
  viewer: { userId: string; favorites: Set<string>; rows: CardRow[] } | null,
): HomeResponse {
  const cards = (list: CardRow[] | undefined): ProjectCard[] =>
    (list ?? []).map((row) => toProjectCard(row, now, viewer ?? undefined));
  const section = (name: Section) => cards(grouped.get(name));
  // Editor's Picks are the first of Largest Commitments (the same order and rows).
  const top = section('topFunded');
  return {
    favorites: viewer ? cards(viewer.rows) : [],
    topFunded: top.slice(0, HOME_SIZES.section),
    finishingSoon: section('finishingSoon'),
    featured: top.slice(0, HOME_SIZES.featured),
    byTag: TAGS.map((tag) => ({ tag: tag.name, slug: tag.slug, projects: cards(grouped.get(tag.name)) })),
  };
}

export async function showHome(
  deps: BrowseDeps,
  input: SearchInput,
  viewer: SessionUser | null,
  opts: { fresh: boolean },
): Promise<Answer<HomeResponse>> {
  const now = deps.clock.now();
  if (hasActiveFilters(input)) {
    const empty = homeAnswer(new Map(), now, null);
    if (viewer) return { value: { ...empty, results: await searchValue(deps, input, viewer, now) } };
    const compute = async () => toJson({ ...empty, results: await searchValue(deps, input, null, now) });
    return deps.sharedAnswer(cacheKey('home', input), opts.fresh, compute);
  }
  if (!viewer) {
    const compute = async () =>
      homeJsonWithin(homeAnswer(await homeRows(deps, now, true), now, null), HOME_MAX_BYTES);
    return deps.sharedAnswer('home', opts.fresh, compute);
  }
  const [grouped, ids, favoriteRows] = await Promise.all([
    homeRows(deps, now, opts.fresh),
    deps.favoriteIds(viewer),
    deps.rows(favoritesStatement(viewer.id, now, { liveOnly: true, limit: HOME_SIZES.section, offset: 0 })),
  ]);
  return {
    json: homeJsonWithin(
      homeAnswer(grouped, now, { userId: viewer.id, favorites: ids, rows: favoriteRows }),
      HOME_MAX_BYTES,
    ),
  };
}
