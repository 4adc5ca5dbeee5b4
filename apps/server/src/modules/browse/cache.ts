// A small in-process cache for answers every anonymous visitor shares (home, category pages, searches).
// Entries live `ttlMs` on the app's clock; concurrent misses of one key share a single computation;
// the oldest entries go first beyond `maxEntries`. Nothing personal is ever stored here.
import type { Clock } from '../../clock.ts';

export type SharedCache<T> = {
  /** The fresh value for `key`, computing (once, however many ask at the same time) when missing. */
  get: (key: string, compute: () => Promise<T>) => Promise<T>;
  clear: () => void;
};

export function createSharedCache<T>(
  clock: Clock,
  opts: { ttlMs: number; maxEntries: number },
): SharedCache<T> {
  const entries = new Map<string, { at: number; value: T }>();
  const pending = new Map<string, Promise<T>>();

  const fresh = (key: string, now: number): T | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = now - entry.at;
    if (age >= 0 && age < opts.ttlMs) return entry.value;
    entries.delete(key);
    return undefined;
  };

  return {
    get(key, compute) {
      const now = clock.now().getTime();
      const hit = fresh(key, now);
      if (hit !== undefined) return Promise.resolve(hit);
      const running = pending.get(key);
      if (running) return running;
      const started = compute().then(
        (value) => {
          pending.delete(key);
          if (opts.ttlMs > 0) {
            if (entries.size >= opts.maxEntries) {
              const oldest = entries.keys().next();
              if (!oldest.done) entries.delete(oldest.value);
            }
            entries.set(key, { at: now, value });
          }
          return value;
        },
        (err: unknown) => {
          pending.delete(key);
          throw err;
        },
      );
      pending.set(key, started);
      return started;
    },
    clear() {
      entries.clear();
    },
  };
}
