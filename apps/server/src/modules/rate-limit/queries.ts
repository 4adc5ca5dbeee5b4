// The rate limits' SQL: one row per key, its count and when its window started.
import type pg from 'pg';

export type WindowRow = { count: number; window_start: Date };

/** Counts one attempt in the key's window, starting a new window once the old one has passed. */
const CONSUME_SQL = `insert into rate_limits (key, count, window_start) values ($1, 1, $2::timestamptz)
  on conflict (key) do update set
    count = case when rate_limits.window_start <= $3::timestamptz then 1 else rate_limits.count + 1 end,
    window_start = case when rate_limits.window_start <= $3::timestamptz then $2::timestamptz
                        else rate_limits.window_start end
  returning count, window_start`;

/** The key's count in its current window (no row, or a window that has passed: none). */
const COUNT_SQL = `select count, window_start from rate_limits where key = $1 and window_start > $2::timestamptz`;

/** Takes one attempt back from the key's current window. */
const RELEASE_SQL = `update rate_limits set count = greatest(count - 1, 0)
  where key = $1 and window_start > $2::timestamptz`;

/** Counts one attempt at `now`; a window that started at or before `expiredBefore` starts again. */
export async function countAttempt(
  pool: pg.Pool,
  key: string,
  now: Date,
  expiredBefore: Date,
): Promise<WindowRow | undefined> {
  const result = await pool.query<WindowRow>({ text: CONSUME_SQL, values: [key, now, expiredBefore] });
  return result.rows[0];
}

/** The key's window if it started after `since`. */
export async function selectWindow(pool: pg.Pool, key: string, since: Date): Promise<WindowRow | undefined> {
  const result = await pool.query<WindowRow>({ text: COUNT_SQL, values: [key, since] });
  return result.rows[0];
}

export async function releaseAttempt(pool: pg.Pool, key: string, since: Date): Promise<void> {
  await pool.query({ text: RELEASE_SQL, values: [key, since] });
}

export async function deleteKeys(pool: pg.Pool, keys: string[]): Promise<void> {
  await pool.query('delete from rate_limits where key = any($1::text[])', [keys]);
}
