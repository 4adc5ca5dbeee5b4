// The SQL behind the home page, the filtered search and the category pages. Each builder returns plain
// { text, values } so the same statement runs in the app and under EXPLAIN in the benchmark. Every
// statement is served by an index at 100,000 projects (docs/decisions/005-browse-queries.md).
import { TAG_NAMES, endOfLocalDay, startOfLocalDay, type ProjectFilters } from '@kept/domain';
import { CARD_SELECT_SQL } from '../projects/cards.ts';

export type Statement = { name?: string; text: string; values: unknown[] };

/** Order of every list by refundable amount (matches projects_refundable_idx / projects_tag_filter_idx). */
const BY_REFUNDABLE = 'p.refundable_amount desc nulls last, p.id';
/** Listed: not deleted (nor cancelled) and not unlisted by its owner (issue 24). */
const VISIBLE = `p.deleted_at is null and p.visibility = 'public'`;
/**
 * Not completed: the domain's status is 'completed' once now > end, and lists show completed projects
 * only with includeCompleted (the domain's isListed), so every list without it uses this condition.
 */
const LIVE = (now: string) => `p.end_date >= ${now}`;
/**
 * LIVE for the category pages: a live project's status is always 'active' (settlement moves it on
 * only after the end), which lets a tag's page and its count read projects_live_filter_idx alone.
 */
const LISTED_LIVE = (now: string) => `p.project_status = 'active' and ${LIVE(now)}`;
/**
 * Active and ending within 3 days (the domain's isFinishingSoon, FINISHING_SOON_DAYS). A project starts
 * at the first instant of the day it was created on (projectBounds), so every stored project has
 * started by the time that stored it: 'not ended' is all of 'active' that SQL needs to say (decision 045).
 */
const FINISHING_SOON = (now: string) => `p.end_date >= ${now} and p.end_date <= ${now} + interval '3 days'`;

/**
 * LIVE for the filtered search. A live project's status is 'active' (it moves on only after the end),
 * which selects project_search_live_trgm_idx for search words. The end is compared as an expression
 * (`+ interval '0'`) on purpose: it is then checked on each candidate row (or index entry) instead of
 * ANDing a bitmap of every live project, a third of the table, which cost more than all the rest.
 */
const SEARCH_LIVE = (now: string) => `p.project_status = 'active' and p.end_date + interval '0' >= ${now}`;

export type HomeSizes = { section: number; featured: number; perTag: number };

/** A count written into a statement's text: a non-negative safe integer, or the statement is refused. */
function sqlCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`);
  return String(n);
}

/** A constant text written into a statement's text as a literal. */
const sqlText = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/**
 * Every shared home section in one round trip: Largest Commitments (live, by refundable), which also
 * gives Editor's Picks (the same order: its first `featured`), Finishing Soon (soonest end first) and
 * each tag (live, by refundable): the home has no includeCompleted, so no section shows completed
 * projects. Rows carry `section` ('topFunded' | 'finishingSoon' | a tag) and `rank`.
 * Only the time is a parameter: the sizes and the tags are written into the text, so that the planner
 * estimates the prepared statement's generic plan from the real limits and reuses it instead of
 * planning every run (decision 045).
 */
export function homeSectionsStatement(now: Date, sizes: HomeSizes): Statement {
  const top = sqlCount(Math.max(sizes.section, sizes.featured));
  const soon = sqlCount(sizes.section);
  const perTag = sqlCount(sizes.perTag);
  const tags = TAG_NAMES.map(sqlText).join(', ');
  return {
    name: `kept_browse_home_v5_${top}_${soon}_${perTag}`,
    text: `select p.section, p.rank, ${CARD_SELECT_SQL}
  from (
    (select 'topFunded'::text as section, row_number() over (order by ${BY_REFUNDABLE}) as rank, p.*
       from projects p
      where ${VISIBLE} and ${LIVE('$1')}
      order by ${BY_REFUNDABLE} limit ${top})
    union all
    (select 'finishingSoon'::text, row_number() over (order by p.end_date, p.id), p.*
       from projects p
      where ${VISIBLE} and ${FINISHING_SOON('$1')}
      order by p.end_date, p.id limit ${soon})
    union all
    (select t.tag, p.*
       from unnest(array[${tags}]::text[]) as t(tag)
      cross join lateral (
            select row_number() over (order by ${BY_REFUNDABLE}) as rank, p.*
              from projects p
             where p.tag = t.tag and ${VISIBLE} and ${LIVE('$1')}
             order by ${BY_REFUNDABLE} limit ${perTag}) p)
  ) p`,
    values: [now],
  };
}

/** A signed-in viewer's favorites: the live ones by refundable (home), or all of them (category). */
export function favoritesStatement(
  userId: string,
  now: Date,
  opts: { liveOnly: boolean; limit: number; offset: number },
): Statement {
  const live = opts.liveOnly ? `and ${LIVE('$4::timestamptz')}` : '';
  return {
    text: `select ${CARD_SELECT_SQL}
  from (select p.* from user_favorites f join projects p on p.id = f.project_id
         where f.user_id = $1 and ${VISIBLE} ${live}
         order by ${BY_REFUNDABLE} limit $2 offset $3) p

 order by ${BY_REFUNDABLE}`,
    values: opts.liveOnly ? [userId, opts.limit, opts.offset, now] : [userId, opts.limit, opts.offset],
  };
}

/** How many favorites the viewer has: the live ones, or all of them with includeCompleted. */
export function favoritesCountStatement(userId: string, now: Date, opts: { liveOnly: boolean }): Statement {
  const live = opts.liveOnly ? `and ${LIVE('$2::timestamptz')}` : '';
  return {
    text: `select count(*)::int as n from user_favorites f join projects p on p.id = f.project_id
 where f.user_id = $1 and ${VISIBLE} ${live}`,
    values: opts.liveOnly ? [userId, now] : [userId],
  };
}

/** The ids a viewer has starred (for isFavorite on cards). */
export function favoriteIdsStatement(userId: string): Statement {
  return { text: 'select project_id as id from user_favorites where user_id = $1', values: [userId] };
}

/** Visible projects per tag (trigger-maintained), for 'Y' and the category counts. */
export function talliesStatement(): Statement {
  return {
    name: 'kept_browse_tallies_v1',
    text: 'select tag, visible_count as n from project_tallies',
    values: [],
  };
}

// ---------- the filtered search ----------

const INT_MAX = 2_147_483_647;
const CENTS_MAX = Number.MAX_SAFE_INTEGER;

/** Inclusive bounds on an integer column as integers: x ≥ 1.5 ⇔ x ≥ 2; x ≤ 2.5 ⇔ x ≤ 2. */
function integerBounds(
  min: number | null,
  max: number | null,
  limit: number,
): [number | null, number | null] {
  const lo = min === null ? null : Math.min(limit, Math.max(-limit, Math.ceil(min)));
  const hi = max === null ? null : Math.min(limit, Math.max(-limit, Math.floor(max)));
  return [lo, hi];
}

/** A LIKE pattern matching `term` anywhere, with LIKE's own characters escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of the search text (the domain's matchesSearch splits the same way). */
export function searchTerms(searchText: string): string[] {
  return searchText.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Does the filter set read the stored check-in counters (missed or completed bounds)? */
export function usesCounters(filters: ProjectFilters): boolean {
  return (
    filters.missedCheckinsMin !== null ||
    filters.missedCheckinsMax !== null ||
    filters.completedCheckinsMin !== null ||
    filters.completedCheckinsMax !== null
  );
}

/** A filter set's conditions: all of them (`where`), the search words' (`words`), and all the others. */
type Conditions = { where: string; words: string[]; others: string; values: unknown[] };

/**
 * WHERE conditions for a filter set, as the domain's projectMatchesFilters defines them: inclusive
 * bounds, date bounds as local dates in `timeZone` (a date-to bound takes its whole day), completed
 * projects hidden unless includeCompleted, every search word in title, description, tag or creator.
 * Check-in bounds use the stored counters and leave out projects whose counters are not current
 * (refreshed just before; length and frequency are never missing: the schema requires them).
 */
function filterConditions(filters: ProjectFilters, now: Date, timeZone: string): Conditions {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conds = [VISIBLE];
  if (!filters.includeCompleted) conds.push(SEARCH_LIVE(`${param(now)}::timestamptz`));
  const words = searchTerms(filters.searchText).map((term) => {
    const pattern = param(containsPattern(term));
    // search_doc is lower(title || ' ' || description || ' ' || tag), trigram-indexed in project_search;
    // the pattern is lower-cased by the same function, so this is ILIKE over the three without folding
    // every row. The pattern is folded in a subquery, so that the prepared statement's generic plan
    // folds it once per search rather than for each row the index proposes (decision 061).
    return `(p.search_doc like (select lower(${pattern})) or p.user_id = any(array(select su.id from users su where su.username ilike ${pattern})))`;
  });
  conds.push(...words);
  // One tag is compared as such, so that its index (tag, refundable, …) gives its projects in order.
  const tags = [...new Set(filters.categoryTags)];
  if (tags.length === 1) conds.push(`p.tag = ${param(tags[0])}`);
  else if (tags.length > 1) conds.push(`p.tag = any(${param(tags)}::text[])`);
  if (filters.createdDateFrom !== null)
    conds.push(`p.created_at >= ${param(startOfLocalDay(filters.createdDateFrom, timeZone))}`);
  if (filters.createdDateTo !== null)
    conds.push(`p.created_at <= ${param(endOfLocalDay(filters.createdDateTo, timeZone))}`);
  if (filters.endDateFrom !== null)
    conds.push(`p.end_date >= ${param(startOfLocalDay(filters.endDateFrom, timeZone))}`);
  if (filters.endDateTo !== null)
    conds.push(`p.end_date <= ${param(endOfLocalDay(filters.endDateTo, timeZone))}`);
  const range = (column: string, bounds: [number | null, number | null], cast: string) => {
    if (bounds[0] !== null) conds.push(`${column} >= ${param(bounds[0])}::${cast}`);
    if (bounds[1] !== null) conds.push(`${column} <= ${param(bounds[1])}::${cast}`);
  };
  range(
    'p.refundable_amount',
    integerBounds(filters.refundAmountMinCents, filters.refundAmountMaxCents, CENTS_MAX),
    'bigint',
  );
  if (usesCounters(filters)) {
    conds.push(`p.counters_valid_until > ${param(now)}::timestamptz`);
    range(
      'p.missed_checkins',
      integerBounds(filters.missedCheckinsMin, filters.missedCheckinsMax, INT_MAX),
      'int',
    );
    range(
      'p.completed_checkins',
      integerBounds(filters.completedCheckinsMin, filters.completedCheckinsMax, INT_MAX),
      'int',
    );
  }
  range(
    'p.total_length_days',
    integerBounds(filters.projectLengthMin, filters.projectLengthMax, INT_MAX),
    'int',
  );
  return {
    where: conds.join('\n   and '),
    words,
    others: conds.filter((cond) => !words.includes(cond)).join('\n   and '),
    values,
  };
}

/**
 * The halves of a search that shows completed projects, by status: each has a trigram index of its own
 * (project_search_live_trgm_idx, project_search_ended_trgm_idx), and no row is in both.
 */
const STATUS_HALVES = [`p.project_status = 'active'`, `p.project_status <> 'active'`];

/**
 * The matching projects' ids and refundable amounts, as one select; or, when completed projects are
 * shown, as one select per status half (union all), so that search words are looked up in both trigram
 * indexes. With search words the rows come from project_search, the narrow copy of what the filters
 * compare, partitioned by tag (decision 059): counting a search's matches reads each match's row, and
 * there the same matches sit on a fraction of the pages. Without words the projects indexes hold
 * every column the filters compare, and the rows are read from projects.
 */
function matchingRows(filters: ProjectFilters, conditions: Conditions): { text: string; values: unknown[] } {
  const { where, values } = conditions;
  const table = conditions.words.length > 0 ? 'project_search' : 'projects';
  const select = (and: string) => `select p.id, p.refundable_amount from ${table} p
   where ${where}${and}`;
  if (!filters.includeCompleted) return { text: select(''), values };
  return {
    text: STATUS_HALVES.map((half) => select(`\n   and ${half}`)).join('\n  union all\n  '),
    values,
  };
}

/**
 * The first `take` matches in refundable order, read in that order: the candidates (every condition but
 * the words) come in order from the list indexes (projects_live_filter_idx or projects_tag_filter_idx
 * for a tag, else projects_refundable_idx), each is checked for the words on its row, and the reading
 * stops at the `take`-th match, or after `window` candidates. The candidates' own limit also keeps the
 * words out of their scan: with the words inside, the planner would gather every match on the trigram
 * index and sort them all, which is what a search with many matches must not do.
 */
function orderedMatches(conditions: Conditions, take: string, window: string): string {
  const candidates = `select p.id, p.refundable_amount, p.search_doc, p.user_id from projects p
   where ${conditions.others}
   order by ${BY_REFUNDABLE} limit ${window}`;
  const words = conditions.words.length > 0 ? conditions.words.join('\n   and ') : 'true';
  return `select p.id, p.refundable_amount from (${candidates}) p
   where ${words}
   limit ${take}`;
}

/**
 * How many matches a search counts at most: X of 'X of Y projects found' is exact up to this many and
 * shown as '1,000+' beyond. Counting every match read every match's row (decision 022); a capped count
 * reads at most this many, so a search costs about the same whatever its number of matches.
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * Where a page's count stops: at SEARCH_COUNT_CAP, or for a page that deep at two pages past its start,
 * so that a capped count always promises at least one more full page than the one asked for.
 */
export function searchCountLimit(page: { limit: number; offset: number }): number {
  return Math.max(SEARCH_COUNT_CAP, page.offset + 2 * page.limit);
}

/**
 * One page of matches, largest refundable first, each row also carrying how many matched
 * (`matchTotal`, counted up to searchCountLimit + 1: more than the limit means "more than the limit")
 * and how many projects are visible (`visibleTotal`). `pick` chooses the page's ids in one of three
 * ways, each behind a one-time condition so that PostgreSQL runs only the one that applies:
 * 1. all matches were read for the count (`m`, at most the limit): the page is sorted out of them;
 * 2. there are more: the page is read in refundable order (orderedMatches), giving up after as many
 *    candidates as the count may read (`ordered`), so that a page costs at most about what its count does;
 * 3. that many candidates did not hold the page (the words are rare in that order): every match is read
 *    and sorted, as for an uncapped count.
 * A page past the end has no rows; searchCountStatement then gives the counts.
 */
export function searchStatement(
  filters: ProjectFilters,
  now: Date,
  timeZone: string,
  page: { limit: number; offset: number },
): Statement {
  const conditions = filterConditions(filters, now, timeZone);
  const { text: matches, values } = matchingRows(filters, conditions);
  const n = values.length;
  const [limit, offset, countLimit] = [`$${n + 1}::int`, `$${n + 2}::int`, `$${n + 3}::int`];
  const take = `(${limit} + ${offset})`;
  const capped = `(select n from counted) > ${countLimit}`;
  const pageFound = `(select count(*) from ordered) = ${take}`;
  const text = `with m as materialized (
  select * from (
  ${matches}
  ) all_matches limit ${countLimit} + 1
), counted as (
  select count(*)::int as n from m
), ordered as materialized (
  ${orderedMatches(conditions, take, countLimit)}
), pick as (
  (select m.id from m
    where not ${capped}
    order by m.refundable_amount desc nulls last, m.id limit ${limit} offset ${offset})
  union all
  (select o.id from ordered o
    where ${capped} and ${pageFound}
    order by o.refundable_amount desc nulls last, o.id limit ${limit} offset ${offset})
  union all
  (select p.id from (
  ${matches}
  ) p
    where ${capped} and not ${pageFound}
    order by p.refundable_amount desc nulls last, p.id limit ${limit} offset ${offset})
)
select ${CARD_SELECT_SQL}, (select n from counted) as "matchTotal",
       (select coalesce(sum(visible_count), 0) from project_tallies)::int as "visibleTotal"
  from projects p
 where p.id in (select pick.id from pick)
 order by ${BY_REFUNDABLE}`;
  const name = searchStatementName(text, searchTerms(filters.searchText));
  return {
    ...(name ? { name } : {}),
    text,
    values: [...values, page.limit, page.offset, searchCountLimit(page)],
  };
}

/** At most this many search shapes (which filters, how many words) get a prepared statement. */
export const NAMED_SEARCH_SHAPES_MAX = 64;
const namedSearchShapes = new Map<string, string>();

/**
 * A name for a search statement, so each connection plans its shape once (planning was a quarter of a
 * search's time in PostgreSQL), or none: when a word is shorter than a trigram (its plan depends on
 * the words, so it is planned each time), or once NAMED_SEARCH_SHAPES_MAX shapes are named (prepared
 * statements live as long as their connection: the number of them must not grow with what visitors
 * send).
 */
export function searchStatementName(text: string, terms: string[]): string | undefined {
  if (terms.some((term) => term.length < 3)) return undefined;
  let name = namedSearchShapes.get(text);
  if (name === undefined) {
    if (namedSearchShapes.size >= NAMED_SEARCH_SHAPES_MAX) return undefined;
    name = `kept_search_${namedSearchShapes.size + 1}`;
    namedSearchShapes.set(text, name);
  }
  return name;
}

/**
 * How many projects match (`n`, counted up to searchCountLimit(page) + 1 like searchStatement's), and
 * how many are visible at all (`visible`, from the tallies).
 */
export function searchCountStatement(
  filters: ProjectFilters,
  now: Date,
  timeZone: string,
  page: { limit: number; offset: number },
): Statement {
  const { text: matches, values } = matchingRows(filters, filterConditions(filters, now, timeZone));
  return {
    text: `select (select count(*) from (select 1 from (${matches}) all_matches limit $${values.length + 1}::int + 1) m)::int as n,
       (select coalesce(sum(visible_count), 0) from project_tallies)::int as visible`,
    values: [...values, searchCountLimit(page)],
  };
}

// ---------- category pages ----------

/**
 * A tag's page (or every project for Largest Commitments / Editor's Picks when `tag` is null): the
 * live ones, or with includeCompleted the completed ones too (`live` is then null).
 */
export function categoryPageStatement(
  tag: string | null,
  page: { limit: number; offset: number },
  live: { now: Date } | null,
): Statement {
  const values: unknown[] = [page.limit, page.offset];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conds = [VISIBLE];
  if (tag !== null) conds.push(`p.tag = ${param(tag)}`);
  if (live) conds.push(LISTED_LIVE(`${param(live.now)}::timestamptz`));
  return {
    text: `select ${CARD_SELECT_SQL}
  from (select p.* from projects p where ${conds.join(' and ')}
         order by ${BY_REFUNDABLE} limit $1 offset $2) p

 order by ${BY_REFUNDABLE}`,
    values,
  };
}

/**
 * How many live projects a tag has (or all tags when `tag` is null), at most `cap` when given: the
 * category count when completed projects are hidden (the tallies count them too).
 */
export function liveCountStatement(tag: string | null, now: Date, cap: number | null = null): Statement {
  const values: unknown[] = [now];
  const byTag = tag === null ? '' : `and p.tag = $${values.push(tag)}`;
  const limit = cap === null ? '' : `limit $${values.push(cap)}`;
  return {
    text: `select count(*)::int as n from (select 1 from projects p
 where ${VISIBLE} and ${LISTED_LIVE('$1::timestamptz')} ${byTag} ${limit}) live`,
    values,
  };
}

/** Finishing Soon's page, soonest end first. */
export function finishingSoonPageStatement(now: Date, page: { limit: number; offset: number }): Statement {
  return {
    text: `select ${CARD_SELECT_SQL}
  from (select p.* from projects p where ${VISIBLE} and ${FINISHING_SOON('$1::timestamptz')}
         order by p.end_date, p.id limit $2 offset $3) p

 order by p.end_date, p.id`,
    values: [now, page.limit, page.offset],
  };
}

export function finishingSoonCountStatement(now: Date): Statement {
  return {
    text: `select count(*)::int as n from projects p where ${VISIBLE} and ${FINISHING_SOON('$1::timestamptz')}`,
    values: [now],
  };
}
