// The home page's filter set (spec §3) in the URL, so a filtered view can be shared and reloaded. The
// URL is the API's own query format, written and read by the contract's zod-free filter-query module
// (filtersToQuery, filtersFromQuery), so the page passes it to the server as it is. This module adds the
// filter form: what people type, and what is wrong with it.
import { FILTER_KEYS, SEARCH_TEXT_MAX_LENGTH, filtersFromQuery, filtersToQuery } from '@kept/contract';
import {
  centsToDecimalString,
  isLocalDate,
  parseDollarsToCents,
  type LocalDate,
  type ProjectFilters,
} from '@kept/domain';

export { SEARCH_TEXT_MAX_LENGTH };

export type FilterKey = keyof ProjectFilters;

/** The filter set a URL's query describes (lenient: values the server would refuse are left out). */
export const filtersFromSearchParams = filtersFromQuery;

/** The query entries of a filter set: only what differs from the defaults. */
export function filtersToEntries(filters: ProjectFilters): [FilterKey, string][] {
  return Object.entries(filtersToQuery(filters)) as [FilterKey, string][];
}

/** The canonical query string of a filter set ('' for the defaults), e.g. for cache keys. */
export function filtersQueryString(filters: ProjectFilters): string {
  return new URLSearchParams(filtersToQuery(filters)).toString();
}

/** `params` with its filter entries replaced by those of `filters` (other entries are kept). */
export function withFilters(params: URLSearchParams, filters: ProjectFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  for (const [key, value] of filtersToEntries(filters)) next.set(key, value);
  return next;
}

function parseNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : null;
}

// ---------- the form: what people type ----------

/** The filter form's fields as typed: numbers and dates are strings, refund bounds in dollars. */
export interface FilterDraft {
  searchText: string;
  categoryTags: string[];
  createdDateFrom: string;
  createdDateTo: string;
  endDateFrom: string;
  endDateTo: string;
  refundAmountMin: string;
  refundAmountMax: string;
  missedCheckinsMin: string;
  missedCheckinsMax: string;
  completedCheckinsMin: string;
  completedCheckinsMax: string;
  projectLengthMin: string;
  projectLengthMax: string;
  includeCompleted: boolean;
}

function dollarsText(cents: number | null): string {
  if (cents === null) return '';
  if (!Number.isSafeInteger(cents)) return String(cents / 100);
  return cents % 100 === 0 ? String(cents / 100) : centsToDecimalString(cents);
}

function centsFromText(text: string): number | null {
  if (text.trim() === '') return null;
  return parseDollarsToCents(text);
}

function numberText(value: number | null): string {
  return value === null ? '' : String(value);
}

function localDate(text: string): LocalDate | null {
  return isLocalDate(text) ? text : null;
}

export function draftFromFilters(filters: ProjectFilters): FilterDraft {
  return {
    searchText: filters.searchText,
    categoryTags: [...filters.categoryTags],
    createdDateFrom: filters.createdDateFrom ?? '',
    createdDateTo: filters.createdDateTo ?? '',
    endDateFrom: filters.endDateFrom ?? '',
    endDateTo: filters.endDateTo ?? '',
    refundAmountMin: dollarsText(filters.refundAmountMinCents),
    refundAmountMax: dollarsText(filters.refundAmountMaxCents),
    missedCheckinsMin: numberText(filters.missedCheckinsMin),
    missedCheckinsMax: numberText(filters.missedCheckinsMax),
    completedCheckinsMin: numberText(filters.completedCheckinsMin),
    completedCheckinsMax: numberText(filters.completedCheckinsMax),
    projectLengthMin: numberText(filters.projectLengthMin),
    projectLengthMax: numberText(filters.projectLengthMax),
    includeCompleted: filters.includeCompleted,
  };
}

/** The filter set a form describes; fields that do not hold a valid value are left out. */
export function filtersFromDraft(draft: FilterDraft): ProjectFilters {
  return {
    searchText: draft.searchText.slice(0, SEARCH_TEXT_MAX_LENGTH),
    categoryTags: [...draft.categoryTags],
    createdDateFrom: localDate(draft.createdDateFrom),
    createdDateTo: localDate(draft.createdDateTo),
    endDateFrom: localDate(draft.endDateFrom),
    endDateTo: localDate(draft.endDateTo),
    refundAmountMinCents: centsFromText(draft.refundAmountMin),
    refundAmountMaxCents: centsFromText(draft.refundAmountMax),
    missedCheckinsMin: parseNumber(draft.missedCheckinsMin),
    missedCheckinsMax: parseNumber(draft.missedCheckinsMax),
    completedCheckinsMin: parseNumber(draft.completedCheckinsMin),
    completedCheckinsMax: parseNumber(draft.completedCheckinsMax),
    projectLengthMin: parseNumber(draft.projectLengthMin),
    projectLengthMax: parseNumber(draft.projectLengthMax),
    includeCompleted: draft.includeCompleted,
  };
}

/** What the filter form says under a field whose value the filter set cannot use. */
export const FILTER_FIELD_MESSAGES = {
  amount: 'Enter an amount in dollars, such as 25 or 25.50.',
  negativeAmount: 'Enter an amount of $0 or more.',
  amountDecimals: 'Enter an amount with at most two decimals.',
  number: 'Enter a number, such as 3.',
  date: 'Enter a date.',
} as const;

function amountError(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('-') && parseDollarsToCents(trimmed.slice(1)) !== null) {
    return FILTER_FIELD_MESSAGES.negativeAmount;
  }
  if (/^-?\$?\s*[\d,]*\.\d{3,}$/.test(trimmed)) return FILTER_FIELD_MESSAGES.amountDecimals;
  return FILTER_FIELD_MESSAGES.amount;
}

/**
 * What is wrong with a typed value the filter set cannot use (e.g. 'abc' or '-5' dollars), or null
 * when it is empty or usable. Such a value is left out of the filters, so the form says why.
 */
export function draftValueError(draft: FilterDraft, field: keyof FilterDraft): string | null {
  const text = draft[field];
  if (typeof text !== 'string' || text.trim() === '') return null;
  if (field === 'refundAmountMin' || field === 'refundAmountMax') {
    return centsFromText(text) === null ? amountError(text) : null;
  }
  if (field.startsWith('created') || field.startsWith('end')) {
    return localDate(text) === null ? FILTER_FIELD_MESSAGES.date : null;
  }
  if (field === 'searchText') return null;
  return parseNumber(text) === null ? FILTER_FIELD_MESSAGES.number : null;
}

/** A typed value the filter set cannot use (e.g. '12.345' dollars); shown as invalid in the form. */
export function isInvalidDraftValue(draft: FilterDraft, field: keyof FilterDraft): boolean {
  return draftValueError(draft, field) !== null;
}
