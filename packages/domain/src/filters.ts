// The home page's filter set, its defaults and the predicate (spec §3 Filter set, RULES.md "Filters").
import type { ProjectStatus } from './lifecycle.ts';
import { isListed } from './listing.ts';
import { endOfLocalDay, startOfLocalDay } from './local-date.ts';
import type { LocalDate } from './local-date.ts';
import { DEFAULT_LENGTH_DAYS } from './units.ts';

/** Results shown when filters are active, and per 'Show More' step. */
export const FILTER_PAGE_SIZE = 50;

export type ProjectFilters = {
  searchText: string;
  categoryTags: string[];
  createdDateFrom: LocalDate | null;
  createdDateTo: LocalDate | null;
  endDateFrom: LocalDate | null;
  endDateTo: LocalDate | null;
  /** Refundable amount bounds, in cents (the form shows dollars). */
  refundAmountMinCents: number | null;
  refundAmountMaxCents: number | null;
  missedCheckinsMin: number | null;
  missedCheckinsMax: number | null;
  completedCheckinsMin: number | null;
  completedCheckinsMax: number | null;
  /** Project length bounds, in days. */
  projectLengthMin: number | null;
  projectLengthMax: number | null;
  includeCompleted: boolean;
};

export const DEFAULT_FILTERS: Readonly<ProjectFilters> = Object.freeze({
  searchText: '',
  categoryTags: [],
  createdDateFrom: null,
  createdDateTo: null,
  endDateFrom: null,
  endDateTo: null,
  refundAmountMinCents: null,
  refundAmountMaxCents: null,
  missedCheckinsMin: null,
  missedCheckinsMax: null,
  completedCheckinsMin: null,
  completedCheckinsMax: null,
  projectLengthMin: null,
  projectLengthMax: null,
  includeCompleted: false,
});

/** A fresh copy of the defaults ('Clear All'). */
export function defaultFilters(): ProjectFilters {
  return { ...DEFAULT_FILTERS, categoryTags: [] };
}

/** What the predicate needs to know about a project (build it from the project and its summary). */
export type FilterableProject = {
  title: string;
  description?: string | null;
  tag?: string | null;
  username?: string | null;
  createdAt: Date;
  endsAt: Date;
  status: ProjectStatus;
  refundableCents: number;
  /** Stored length and frequency; null when the project lacks them. */
  totalLengthDays: number | null;
  checkInFrequencyDays: number | null;
  missedCheckIns: number;
  completedCheckIns: number;
};

/** How many filters differ from the defaults. */
export function activeFilterCount(filters: ProjectFilters): number {
  let count = 0;
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof ProjectFilters)[]) {
    const value = filters[key];
    if (key === 'searchText') count += (value as string).trim() === '' ? 0 : 1;
    else if (key === 'categoryTags') count += (value as string[]).length > 0 ? 1 : 0;
    else if (value !== DEFAULT_FILTERS[key]) count += 1;
  }
  return count;
}

export function hasActiveFilters(filters: ProjectFilters): boolean {
  return activeFilterCount(filters) > 0;
}

function within(value: number, min: number | null, max: number | null): boolean {
  return (min === null || value >= min) && (max === null || value <= max);
}

function withinDates(instant: Date, from: LocalDate | null, to: LocalDate | null, timeZone: string): boolean {
  const t = instant.getTime();
  if (from !== null && t < startOfLocalDay(from, timeZone).getTime()) return false;
  if (to !== null && t > endOfLocalDay(to, timeZone).getTime()) return false;
  return true;
}

/** Case-insensitive: every word of the search text appears in the title, description, tag or creator. */
export function matchesSearch(project: FilterableProject, searchText: string): boolean {
  const terms = searchText.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = [project.title, project.description, project.tag, project.username]
    .filter((part): part is string => typeof part === 'string')
    .join('\n')
    .toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/**
 * True when a project passes every filter. Numeric bounds are inclusive; date bounds are local dates
 * in `timeZone` (the viewer's; default UTC) and a date-to bound includes its whole day; missed-check-in
 * bounds exclude projects lacking length or frequency; completed projects are hidden unless
 * `includeCompleted`.
 */
export function projectMatchesFilters(
  project: FilterableProject,
  filters: ProjectFilters,
  options: { timeZone?: string } = {},
): boolean {
  const timeZone = options.timeZone ?? 'UTC';
  if (!isListed(project.status, filters.includeCompleted)) return false;
  if (!matchesSearch(project, filters.searchText)) return false;
  if (filters.categoryTags.length > 0 && !filters.categoryTags.includes(project.tag ?? '')) return false;
  if (!withinDates(project.createdAt, filters.createdDateFrom, filters.createdDateTo, timeZone)) return false;
  if (!withinDates(project.endsAt, filters.endDateFrom, filters.endDateTo, timeZone)) return false;
  if (!within(project.refundableCents, filters.refundAmountMinCents, filters.refundAmountMaxCents))
    return false;
  if (filters.missedCheckinsMin !== null || filters.missedCheckinsMax !== null) {
    if (project.totalLengthDays === null || project.checkInFrequencyDays === null) return false;
    if (!within(project.missedCheckIns, filters.missedCheckinsMin, filters.missedCheckinsMax)) return false;
  }
  if (!within(project.completedCheckIns, filters.completedCheckinsMin, filters.completedCheckinsMax))
    return false;
  const lengthDays = project.totalLengthDays ?? DEFAULT_LENGTH_DAYS;
  if (!within(lengthDays, filters.projectLengthMin, filters.projectLengthMax)) return false;
  return true;
}

/** The projects that pass the filters, in their original order. */
export function filterProjects<T extends FilterableProject>(
  projects: readonly T[],
  filters: ProjectFilters,
  options: { timeZone?: string } = {},
): T[] {
  return projects.filter((project) => projectMatchesFilters(project, filters, options));
}

/** Largest Commitments / Editor's Picks: projects with a deposit, by refundable amount, largest first. */
export function topByRefundable<T extends { refundableCents: number; depositCents?: number | null }>(
  projects: readonly T[],
  limit: number,
): T[] {
  return projects
    .filter((project) => project.depositCents !== null && project.depositCents !== undefined)
    .slice()
    .sort((a, b) => b.refundableCents - a.refundableCents)
    .slice(0, limit);
}
