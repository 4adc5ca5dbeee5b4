// The filter set of spec §3 as a query string: the API's query format, which the browse page also
// keeps in its URL so a filtered view can be shared and reloaded. Zod-free, so the browse screen carries
// it without zod; the server checks the same format strictly with ProjectFiltersQuerySchema.
import {
  DEFAULT_FILTERS,
  FILTER_PAGE_SIZE,
  defaultFilters,
  isLocalDate,
  type ProjectFilters,
} from '@kept/domain';

/** The server refuses longer search texts. */
export const SEARCH_TEXT_MAX_LENGTH = 200;

/** Every filter, in the order of the filter set (and of the query string). */
export const FILTER_KEYS = Object.keys(DEFAULT_FILTERS) as (keyof ProjectFilters)[];

const DATE_KEYS = ['createdDateFrom', 'createdDateTo', 'endDateFrom', 'endDateTo'] as const;
const NUMBER_KEYS = [
  'refundAmountMinCents',
  'refundAmountMaxCents',
  'missedCheckinsMin',
  'missedCheckinsMax',
  'completedCheckinsMin',
  'completedCheckinsMax',
  'projectLengthMin',
  'projectLengthMax',
] as const;
const TRUE_WORDS = ['true', '1', 'on', 'yes'];

/**
 * The query-string entries for a filter set: only what differs from the defaults, in the filter set's
 * order (so equal sets make equal strings); categoryTags comma-separated; paging and the zone last.
 */
export function filtersToQuery(
  filters: ProjectFilters & { limit?: number; offset?: number; timeZone?: string | null },
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (key === 'categoryTags') {
      if (filters.categoryTags.length > 0) query[key] = filters.categoryTags.join(',');
    } else if (key === 'searchText') {
      if (filters.searchText.trim() !== '') query[key] = filters.searchText;
    } else if (value !== null && value !== undefined && value !== DEFAULT_FILTERS[key]) {
      query[key] = String(value);
    }
  }
  if (filters.limit !== undefined && filters.limit !== FILTER_PAGE_SIZE) query.limit = String(filters.limit);
  if (filters.offset !== undefined && filters.offset !== 0) query.offset = String(filters.offset);
  if (typeof filters.timeZone === 'string' && filters.timeZone !== '') query.timeZone = filters.timeZone;
  return query;
}

function readNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : null;
}

/**
 * The filter set a query string describes, read leniently (a page address someone typed or shared):
 * missing values take the defaults; values the server would refuse (not a number, not a real date) are
 * left out rather than failing the whole page.
 */
export function filtersFromQuery(params: URLSearchParams): ProjectFilters {
  const filters = defaultFilters();
  filters.searchText = (params.get('searchText') ?? '').slice(0, SEARCH_TEXT_MAX_LENGTH);
  filters.categoryTags = params
    .getAll('categoryTags')
    .flatMap((value) => value.split(','))
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  for (const key of DATE_KEYS) {
    const value = params.get(key);
    filters[key] = isLocalDate(value) ? value : null;
  }
  for (const key of NUMBER_KEYS) filters[key] = readNumber(params.get(key));
  const includeCompleted = params.get('includeCompleted');
  filters.includeCompleted =
    includeCompleted !== null && TRUE_WORDS.includes(includeCompleted.trim().toLowerCase());
  return filters;
}
