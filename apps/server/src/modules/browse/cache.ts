// A small in-process cache for answers every anonymous visitor shares (home, category pages, searches),
// on lru-cache. Entries live `ttlMs` on the app's clock; concurrent misses of one key share a single
// computation (lru-cache's fetch: a stampede of visitors after an entry expires costs one query);
// the least recently used entries go first beyond `maxEntries` or `maxBytes`. Nothing personal is ever
// stored here.
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.ts';

export type SharedCache<T> = {
  /** The fresh value for `key`, computing (once, however many ask at the same time) when missing. */
  get: (key: string, compute: () => Promise<T>) => Promise<T>;
  clear: () => void;
};

export function createSharedCache<T extends object>(
  clock: Clock,
  opts: { ttlMs: number; maxEntries: number; maxBytes?: number; sizeOf?: (value: T) => number },
): SharedCache<T> {
  if (!(opts.ttlMs > 0)) throw new RangeError(`ttlMs must be positive: ${opts.ttlMs}`);
  const cache = new LRUCache<string, T, () => Promise<T>>({
    max: opts.maxEntries,
    ...(opts.maxBytes && opts.sizeOf
      ? { maxSize: opts.maxBytes, sizeCalculation: (value: T) => Math.max(1, opts.sizeOf!(value)) }
      : {}),
    // lru-cache counts an entry stale once its age is past `ttl`: an answer is served while it is
    // younger than ttlMs, and recomputed from ttlMs on.
    ttl: opts.ttlMs - 1,
    // Ages on the app's clock, read at every check (no debounce), so tests can move time.
    perf: { now: () => clock.now().getTime() },
    ttlResolution: 0,
    fetchMethod: (_key, _stale, { context }) => context(),
  });

  return {
    async get(key, compute) {
      const value = await cache.fetch(key, { context: compute });
      // fetchMethod always resolves to a value or rejects; undefined would mean an aborted fetch.
      if (value === undefined) throw new Error(`shared cache: no value for ${key}`);
      return value;
    },
    clear() {
      cache.clear();
    },
  };
}
