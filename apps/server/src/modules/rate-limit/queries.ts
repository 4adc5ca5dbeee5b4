// The rate limits' SQL: one row per key, its count and when its window started. Every statement takes
// all of a call's limits at once, so a call is one round trip however many limits it names; rows are
// taken in key order, so two calls naming the same keys never wait on each other in a circle.
import type pg from 'pg';

export type WindowRow = { count: number; window_start: Date };
export type KeyedWindowRow = WindowRow & { key: string };

/** A key and the instant at or before which its window has passed. */
export type KeyedSince = { key: string; since: Date };

/**
 * Counts one attempt per key in its window, starting a new window (at $3) once the old one started at
 * or before that key's `since`. The keys must be distinct: one statement cannot update a row twice.
 */
const CONSUME_SQL = `with l as (select * from unnest($1::text[], $2::timestamptz[]) as l(key, since))
insert into rate_limits (key, count, window_start) select key, 1, $3::timestamptz from l order by key
  on conflict (key) do update set
    count = case when rate_limits.window_start <= (select since from l where l.key = excluded.key) then 1
                 else rate_limits.count + 1 end,
    window_start = case when rate_limits.window_start <= (select since from l where l.key = excluded.key)
                        then excluded.window_start else rate_limits.window_start end
  returning key, count, window_start`;

/** The keys' rows (a window that has passed is the caller's to ignore). */
const WINDOWS_SQL = `select key, count, window_start from rate_limits where key = any($1::text[])`;

/**
 * Takes one attempt back from each key's current window. The rows are locked first, in key order: an
 * UPDATE joined to its keys locks rows in the order its plan reads them (a small table's is its file
 * order), which could take two keys in the opposite order to a concurrent count's.
 */
const RELEASE_SQL = `with l as (select * from unnest($1::text[], $2::timestamptz[]) as l(key, since)),
taken as (
  select r.key from rate_limits r join l on l.key = r.key
   where r.window_start > l.since
   order by r.key for update of r)
update rate_limits r set count = greatest(r.count - 1, 0) from taken where r.key = taken.key`;

const columns = (limits: KeyedSince[]) => [limits.map((l) => l.key), limits.map((l) => l.since)];

/** Counts one attempt at `now` against each (distinct) key; answers each key's window. */
export async function countAttempts(
  pool: pg.Pool,
  limits: KeyedSince[],
  now: Date,
): Promise<Map<string, WindowRow>> {
  const result = await pool.query<KeyedWindowRow>({ text: CONSUME_SQL, values: [...columns(limits), now] });
  return new Map(result.rows.map((row) => [row.key, row]));
}

/** The keys' rows, whatever their windows. */
export async function selectWindows(pool: pg.Pool, keys: string[]): Promise<Map<string, WindowRow>> {
  const result = await pool.query<KeyedWindowRow>({ text: WINDOWS_SQL, values: [keys] });
  return new Map(result.rows.map((row) => [row.key, row]));
}

export async function releaseAttempts(pool: pg.Pool, limits: KeyedSince[]): Promise<void> {
  await pool.query({ text: RELEASE_SQL, values: columns(limits) });
}

export async function deleteKeys(pool: pg.Pool, keys: string[]): Promise<void> {
  // Locked in key order first, as RELEASE_SQL's rows are.
  await pool.query(
    `delete from rate_limits r
      using (select key from rate_limits where key = any($1::text[]) order by key for update) taken
      where r.key = taken.key`,
    [keys],
  );
}
