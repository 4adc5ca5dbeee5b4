// What the browse use cases work with: the pool and the clock, the cache of answers every anonymous
// visitor shares (kept for a few seconds as ready-to-send JSON; a signed-in viewer's favorites are never
// cached), and the small reads several of them make (the tallies, a viewer's favorites).
import type { SessionUser } from '@kept/contract';
import type { ProjectFilters } from '@kept/domain';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { compressedFor, type Precompressed } from '../../http/precompressed.ts';
import type { CardRow } from '../projects/cards.ts';
import { createSharedCache } from './cache.ts';
import { favoriteIdsStatement, talliesStatement, type Statement } from './queries.ts';

/** How long anonymous answers are shared. */
export const SHARED_CACHE_MS = 3_000;
/** The most the shared answers may weigh together. */
const SHARED_CACHE_BYTES = 32 * 1024 * 1024;

export type Page = { limit: number; offset: number };
export type CategoryPage = Page & { includeCompleted: boolean };
export type SearchInput = ProjectFilters & Page & { timeZone: string | null };

/**
 * A JSON answer: ready-made UTF-8 bytes (shared answers are encoded once, when cached, and carry their
 * compressed copies in `compressed`), or an object for personal answers.
 */
export type Answer<T> = { json: Buffer; compressed?: Precompressed } | { value: T };
type Encoded = { json: Buffer; compressed: Precompressed };

export type BrowseDeps = {
  db: Db;
  clock: Clock;
  /** The rows of a statement. */
  rows: <T = CardRow>(statement: Statement) => Promise<T[]>;
  /** The `n` of a counting statement's first row. */
  count: (statement: Statement) => Promise<number>;
  /** Visible projects in all (`total`) and per tag. */
  tallies: () => Promise<{ total: number; byTag: Map<string, number> }>;
  /** The ids a viewer has starred. */
  favoriteIds: (user: SessionUser) => Promise<Set<string>>;
  /** An answer every anonymous visitor shares, by `key`: from the cache unless `fresh`. */
  sharedAnswer: <T>(key: string, fresh: boolean, compute: () => Promise<Buffer>) => Promise<Answer<T>>;
  /**
   * The home sections' rows, kept as long as a shared answer: signed-in viewers' homes share them (an
   * anonymous home is itself a shared answer, and reads them fresh when it is made).
   */
  sharedRows: (compute: () => Promise<Map<string, CardRow[]>>) => Promise<Map<string, CardRow[]>>;
};

export const toJson = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/** The shared cache's key of an answer: its kind and its whole input. */
export function cacheKey(prefix: string, value: unknown): string {
  return `${prefix}:${JSON.stringify(value)}`;
}

export function createBrowseDeps(deps: { db: Db; clock: Clock }): BrowseDeps {
  const { db, clock } = deps;
  const pool: pg.Pool = db.$client;
  const answers = createSharedCache<Encoded>(clock, {
    ttlMs: SHARED_CACHE_MS,
    maxEntries: 500,
    maxBytes: SHARED_CACHE_BYTES,
    sizeOf: (answer) => answer.json.length,
  });
  const homeRows = createSharedCache<Map<string, CardRow[]>>(clock, {
    ttlMs: SHARED_CACHE_MS,
    maxEntries: 1,
  });
  const rows = async <T = CardRow>(statement: Statement): Promise<T[]> =>
    (await pool.query(statement)).rows as T[];
  return {
    db,
    clock,
    rows,
    count: async (statement) => (await rows<{ n: number }>(statement))[0]?.n ?? 0,
    async tallies() {
      const list = await rows<{ tag: string; n: number }>(talliesStatement());
      const byTag = new Map(list.map((row) => [row.tag, row.n]));
      return { total: list.reduce((sum, row) => sum + row.n, 0), byTag };
    },
    async favoriteIds(user) {
      return new Set((await rows<{ id: string }>(favoriteIdsStatement(user.id))).map((row) => row.id));
    },
    sharedAnswer: async (key, fresh, compute) =>
      fresh
        ? { json: await compute() }
        : answers.get(key, async () => {
            const json = await compute();
            return { json, compressed: compressedFor(json) };
          }),
    sharedRows: (compute) => homeRows.get('home', compute),
  };
}
