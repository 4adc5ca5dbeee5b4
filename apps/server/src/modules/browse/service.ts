// Browsing Kept: the home sections, the filtered search and the category pages, computed by the
// database on indexes (queries.ts). Answers every anonymous visitor shares are cached for a few
// seconds as ready-to-send JSON; a signed-in viewer's favorites are never cached.
import {
  FEATURED_LIMIT,
  TAGS,
  categoryFromSlug,
  hasActiveFilters,
  isListed,
  isValidTimeZone,
  type ProjectFilters,
} from '@kept/domain';
import type {
  CategoryResponse,
  HomeResponse,
  ProjectCard,
  ProjectListResponse,
  SessionUser,
} from '@kept/contract';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { hasDueProjectCounters, refreshDueProjectCounters } from '../projects/counters.ts';
import { toProjectCard, type CardRow } from '../projects/cards.ts';
import { createSharedCache } from './cache.ts';
import { compressedFor, type Precompressed } from '../../http/precompressed.ts';
import {
  categoryPageStatement,
  favoriteIdsStatement,
  favoritesCountStatement,
  favoritesStatement,
  finishingSoonCountStatement,
  finishingSoonPageStatement,
  homeSectionsStatement,
  liveCountStatement,
  searchCountStatement,
  searchCountLimit,
  searchStatement,
  talliesStatement,
  usesCounters,
  type HomeSizes,
  type Statement,
} from './queries.ts';

/** Cards per home section: small carousels (4 per page) so the whole answer stays under 40 KB. */
export const HOME_SIZES: HomeSizes = { section: 8, featured: FEATURED_LIMIT, perTag: 4 };
/** The most a home answer may weigh; pathological data (very long URLs) trims the longest sections. */
export const HOME_MAX_BYTES = 40 * 1024;
/** How long anonymous answers are shared. */
export const SHARED_CACHE_MS = 3_000;
/** Due counters refreshed before a missed-check-in filter runs (the sweep does the rest). */
const COUNTER_REFRESH_LIMIT = 500;

export type Page = { limit: number; offset: number };
export type CategoryPage = Page & { includeCompleted: boolean };
export type SearchInput = ProjectFilters & Page & { timeZone: string | null };
/** The most the shared answers may weigh together. */
const SHARED_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * A JSON answer: ready-made UTF-8 bytes (shared answers are encoded once, when cached, and carry their
 * compressed copies in `compressed`), or an object for personal answers.
 */
export type Answer<T> = { json: Buffer; compressed?: Precompressed } | { value: T };
type Encoded = { json: Buffer; compressed: Precompressed };

type Section = 'topFunded' | 'finishingSoon';

const toJson = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

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

/**
 * X of 'X of Y projects found' from a count that stopped at `limit` + 1 rows: exact up to `limit`,
 * else `limit` with `totalCapped` (more than `limit` match).
 */
export function cappedTotal(counted: number, limit: number): { total: number; totalCapped: boolean } {
  return counted > limit ? { total: limit, totalCapped: true } : { total: counted, totalCapped: false };
}

export function createBrowseService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const pool: pg.Pool = db.$client;
  const shared = createSharedCache<Encoded>(clock, {
    ttlMs: SHARED_CACHE_MS,
    maxEntries: 500,
    maxBytes: SHARED_CACHE_BYTES,
    sizeOf: (answer) => answer.json.length,
  });
  /** An answer every anonymous visitor shares: from the cache unless `fresh`. */
  const sharedAnswer = async <T>(
    key: string,
    fresh: boolean,
    compute: () => Promise<Buffer>,
  ): Promise<Answer<T>> =>
    fresh
      ? { json: await compute() }
      : shared.get(key, async () => {
          const json = await compute();
          return { json, compressed: compressedFor(json) };
        });
  const sharedRows = createSharedCache<Map<string, CardRow[]>>(clock, {
    ttlMs: SHARED_CACHE_MS,
    maxEntries: 1,
  });

  const rows = async <T = CardRow>(statement: Statement): Promise<T[]> =>
    (await pool.query(statement)).rows as T[];
  const count = async (statement: Statement): Promise<number> =>
    (await rows<{ n: number }>(statement))[0]?.n ?? 0;

  async function tallies(): Promise<{ total: number; byTag: Map<string, number> }> {
    const list = await rows<{ tag: string; n: number }>(talliesStatement());
    const byTag = new Map(list.map((row) => [row.tag, row.n]));
    return { total: list.reduce((sum, row) => sum + row.n, 0), byTag };
  }

  async function favoriteIds(user: SessionUser): Promise<Set<string>> {
    return new Set((await rows<{ id: string }>(favoriteIdsStatement(user.id))).map((row) => row.id));
  }

  /** The shared sections' rows, grouped by section (a tag name for the tag sections). */
  function homeRows(now: Date, fresh: boolean): Promise<Map<string, CardRow[]>> {
    const load = async () => {
      const grouped = new Map<string, (CardRow & { rank: number })[]>();
      for (const row of await rows<CardRow & { section: string; rank: number }>(
        homeSectionsStatement(now, HOME_SIZES),
      )) {
        const list = grouped.get(row.section) ?? [];
        list.push(row);
        grouped.set(row.section, list);
      }
      for (const list of grouped.values()) list.sort((a, b) => Number(a.rank) - Number(b.rank));
      return grouped as Map<string, CardRow[]>;
    };
    return fresh ? load() : sharedRows.get('home', load);
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

  /** The viewer's zone for date bounds: their own when signed in, else a valid `timeZone`, else UTC. */
  function viewerZone(viewer: SessionUser | null, requested: string | null): string {
    if (viewer && isValidTimeZone(viewer.timezone)) return viewer.timezone;
    return requested !== null && isValidTimeZone(requested) ? requested : 'UTC';
  }

  async function searchValue(
    input: SearchInput,
    viewer: SessionUser | null,
    now: Date,
  ): Promise<ProjectListResponse> {
    const zone = viewerZone(viewer, input.timeZone);
    const page = { limit: input.limit, offset: input.offset };
    if (usesCounters(input)) {
      // Missed counts change when a period closes, and check-ins mark their project due: bring the
      // due ones up to `now` first.
      if (await hasDueProjectCounters(db, now))
        await refreshDueProjectCounters(db, now, { limit: COUNTER_REFRESH_LIMIT });
    }
    const [found, ids] = await Promise.all([
      rows<CardRow & { matchTotal: number; visibleTotal: number }>(searchStatement(input, now, zone, page)),
      viewer ? favoriteIds(viewer) : Promise.resolve(undefined),
    ]);
    let counted = { n: found[0]?.matchTotal ?? 0, visibleTotal: found[0]?.visibleTotal ?? 0 };
    if (found.length === 0 && page.offset === 0 && page.limit > 0) {
      // An empty first page is no match at all: only the visible count is left to read.
      counted = { n: 0, visibleTotal: (await tallies()).total };
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

  function cacheKey(prefix: string, value: unknown): string {
    return `${prefix}:${JSON.stringify(value)}`;
  }

  return {
    /** GET /api/home: the sections, or with an active filter the filtered list in `results`. */
    async home(
      input: SearchInput,
      viewer: SessionUser | null,
      opts: { fresh: boolean },
    ): Promise<Answer<HomeResponse>> {
      const now = clock.now();
      if (hasActiveFilters(input)) {
        const empty = homeAnswer(new Map(), now, null);
        if (viewer) return { value: { ...empty, results: await searchValue(input, viewer, now) } };
        const compute = async () => toJson({ ...empty, results: await searchValue(input, null, now) });
        return sharedAnswer(cacheKey('home', input), opts.fresh, compute);
      }
      if (!viewer) {
        const compute = async () =>
          homeJsonWithin(homeAnswer(await homeRows(now, true), now, null), HOME_MAX_BYTES);
        return sharedAnswer('home', opts.fresh, compute);
      }
      const [grouped, ids, favoriteRows] = await Promise.all([
        homeRows(now, opts.fresh),
        favoriteIds(viewer),
        rows(favoritesStatement(viewer.id, now, { liveOnly: true, limit: HOME_SIZES.section, offset: 0 })),
      ]);
      return {
        json: homeJsonWithin(
          homeAnswer(grouped, now, { userId: viewer.id, favorites: ids, rows: favoriteRows }),
          HOME_MAX_BYTES,
        ),
      };
    },

    /** GET /api/projects: one page of the filtered list with its counts. */
    async search(
      input: SearchInput,
      viewer: SessionUser | null,
      opts: { fresh: boolean },
    ): Promise<Answer<ProjectListResponse>> {
      const now = clock.now();
      if (viewer) return { value: await searchValue(input, viewer, now) };
      const compute = async () => toJson(await searchValue(input, null, now));
      return sharedAnswer(cacheKey('search', input), opts.fresh, compute);
    },

    /**
     * GET /api/categories/:slug; null for an unknown slug. Completed projects only with
     * `includeCompleted`, as on every list (the domain's isListed).
     */
    async category(
      slug: string,
      query: CategoryPage,
      viewer: SessionUser | null,
      opts: { fresh: boolean },
    ): Promise<Answer<CategoryResponse> | null> {
      const category = categoryFromSlug(slug);
      if (category.kind === 'other') return null;
      const now = clock.now();
      const { includeCompleted, ...page } = query;
      const live = isListed('completed', includeCompleted) ? null : { now };
      /** The visible count (tallies) with completed ones, else the live count (capped at `cap`). */
      const countOf = async (tag: string | null, cap: number | null = null): Promise<number> => {
        if (live) return count(liveCountStatement(tag, now, cap));
        const all = await tallies();
        const n = tag === null ? all.total : (all.byTag.get(tag) ?? 0);
        return cap === null ? n : Math.min(cap, n);
      };
      const compute = async (): Promise<CategoryResponse> => {
        let found: CardRow[] = [];
        let total = 0;
        if (category.kind === 'tag') {
          [found, total] = await Promise.all([
            rows(categoryPageStatement(category.tag.name, page, live)),
            countOf(category.tag.name),
          ]);
        } else if (category.slug === 'top-funded') {
          [found, total] = await Promise.all([rows(categoryPageStatement(null, page, live)), countOf(null)]);
        } else if (category.slug === 'featured') {
          const limit = Math.max(0, Math.min(page.limit, FEATURED_LIMIT - page.offset));
          [found, total] = await Promise.all([
            limit > 0 ? rows(categoryPageStatement(null, { limit, offset: page.offset }, live)) : [],
            countOf(null, FEATURED_LIMIT),
          ]);
        } else if (category.slug === 'finishing-soon') {
          [found, total] = await Promise.all([
            rows(finishingSoonPageStatement(now, page)),
            count(finishingSoonCountStatement(now)),
          ]);
        } else if (category.slug === 'favorites' && viewer) {
          [found, total] = await Promise.all([
            rows(favoritesStatement(viewer.id, now, { liveOnly: live !== null, ...page })),
            count(favoritesCountStatement(viewer.id, now, { liveOnly: live !== null })),
          ]);
        }
        const ids = viewer ? await favoriteIds(viewer) : undefined;
        return {
          slug: category.slug,
          heading: category.heading,
          projects: found.map((row) =>
            toProjectCard(row, now, viewer ? { userId: viewer.id, favorites: ids } : undefined),
          ),
          total,
          ...page,
        };
      };
      if (viewer) return { value: await compute() };
      const text = async () => toJson(await compute());
      return sharedAnswer(cacheKey('category', [category.slug, query]), opts.fresh, text);
    },
  };
}

export type BrowseService = ReturnType<typeof createBrowseService>;
