// The search the "today: ~176 req/s, p99 ~85 ms" was measured on, rebuilt beside Kept's as a
// yardstick of the same run (decision 047). It is Kept's search as of commit cabac66, the parent of the
// commit that recorded 176 req/s (7476543):
// - one trigram index over every project's `search_doc`, the tag filter index of migration 0007 and the
//   refundable index, on a copy of today's projects in a schema of its own, so that Kept's own indexes
//   (and plans) stay as they are;
// - the statement of that commit: every match read into a materialised list, counted exactly, and the
//   page sorted out of it; a word is a substring of the lower-cased document or of the username.
// The yardstick runs it in anchor-server.ts without the old route's validation, card mapping and
// compression: it is faster than that endpoint was, so a target stated against it is stricter.
import type pg from 'pg';

const BASELINE_SCHEMA = 'bench_baseline';

/** The bench's search ('guitar', Music, refundable ≥ $50; the first page of 50) as of cabac66. */
const BASELINE_SEARCH = {
  pattern: '%guitar%',
  tags: ['Music'],
  refundAmountMinCents: 5000,
  limit: 50,
  offset: 0,
} as const;

/** cabac66's CARD_SELECT_SQL: a card's columns, the creator's username looked up per card. */
const CARD_SELECT_SQL = `p.id, p.title, p.tag, left(p.description, 101) as description,
  p.image_url as "imageUrl", p.deposit_amount as "depositAmount", p.refundable_amount as "refundableAmount",
  p.user_id as "userId", (select u.username from public.users u where u.id = p.user_id) as username,
  p.created_at as "createdAt", p.end_date as "endDate",
  p.project_timezone as "projectTimezone", p.total_length_days as "totalLengthDays",
  p.check_in_frequency_days as "checkInFrequencyDays"`;

const BY_REFUNDABLE = 'p.refundable_amount desc nulls last, p.id';

/** cabac66's searchStatement for BASELINE_SEARCH's filters, with its parameters. */
export function baselineSearchStatement(now: Date): { text: string; values: unknown[] } {
  const s = BASELINE_SEARCH;
  return {
    text: `with m as materialized (
  select p.id, p.refundable_amount from ${BASELINE_SCHEMA}.projects p
   where p.deleted_at is null
   and p.end_date >= $1::timestamptz
   and (p.search_doc like lower($2) or p.user_id = any(array(select su.id from public.users su where su.username ilike $2)))
   and p.tag = any($3::text[])
   and p.refundable_amount >= $4::bigint
), pick as (
  select m.id from m order by m.refundable_amount desc nulls last, m.id limit $5 offset $6
)
select ${CARD_SELECT_SQL}, (select count(*) from m)::int as "matchTotal",
       (select coalesce(sum(visible_count), 0) from public.project_tallies)::int as "visibleTotal"
  from ${BASELINE_SCHEMA}.projects p
 where p.id in (select pick.id from pick)
 order by ${BY_REFUNDABLE}`,
    values: [now, s.pattern, s.tags, s.refundAmountMinCents, s.limit, s.offset],
  };
}

/** The copied columns: what the statement reads, and what cabac66's indexes cover. */
const COLUMNS = [
  'id',
  'title',
  'tag',
  'description',
  'image_url',
  'deposit_amount',
  'refundable_amount',
  'user_id',
  'created_at',
  'end_date',
  'project_timezone',
  'total_length_days',
  'check_in_frequency_days',
  'deleted_at',
  'search_doc',
  'counters_valid_until',
  'missed_checkins',
  'completed_checkins',
];

/**
 * Makes the yardstick's copy of `projects` with cabac66's indexes, unless one with as many rows is
 * there already (a reused bench database keeps it). Returns whether it was (re)built.
 */
export async function prepareBaselineSearch(client: pg.Client): Promise<boolean> {
  const table = await client.query<{ there: boolean }>(
    `select to_regclass('${BASELINE_SCHEMA}.projects') is not null as there`,
  );
  if (table.rows[0]?.there) {
    const same = await client.query<{ same: boolean }>(
      `select (select count(*) from ${BASELINE_SCHEMA}.projects) = (select count(*) from public.projects) as same`,
    );
    if (same.rows[0]?.same) return false;
  }
  await client.query(`drop schema if exists ${BASELINE_SCHEMA} cascade`);
  await client.query(`create schema ${BASELINE_SCHEMA}`);
  await client.query(
    `create table ${BASELINE_SCHEMA}.projects as select ${COLUMNS.join(', ')} from public.projects`,
  );
  await client.query(`alter table ${BASELINE_SCHEMA}.projects add primary key (id)`);
  await client.query(
    `create index on ${BASELINE_SCHEMA}.projects (tag, refundable_amount desc, id, end_date, deleted_at,
       counters_valid_until, missed_checkins, completed_checkins, total_length_days, created_at)`,
  );
  await client.query(`create index on ${BASELINE_SCHEMA}.projects (refundable_amount desc, id)`);
  await client.query(`create index on ${BASELINE_SCHEMA}.projects using gin (search_doc gin_trgm_ops)`);
  await client.query(`vacuum analyze ${BASELINE_SCHEMA}.projects`);
  return true;
}
