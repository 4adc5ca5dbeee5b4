import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  FILTER_PAGE_SIZE,
  activeFilterCount,
  defaultFilters,
  filterProjects,
  hasActiveFilters,
  projectMatchesFilters,
  topByRefundable,
} from '../src/index.ts';
import type { FilterableProject, ProjectFilters } from '../src/index.ts';

const base: FilterableProject = {
  title: 'Learn Guitar',
  description: 'Thirty days of scales',
  tag: 'Music',
  username: 'ana_b',
  createdAt: new Date('2026-03-10T15:00:00Z'),
  endsAt: new Date('2026-04-08T23:59:59.999Z'),
  status: 'active',
  refundableCents: 5000,
  totalLengthDays: 30,
  checkInFrequencyDays: 7,
  missedCheckIns: 1,
  completedCheckIns: 2,
};
const filters = (changes: Partial<ProjectFilters>): ProjectFilters => ({ ...defaultFilters(), ...changes });
const matches = (
  changes: Partial<ProjectFilters>,
  project: Partial<FilterableProject> = {},
  timeZone?: string,
) => projectMatchesFilters({ ...base, ...project }, filters(changes), timeZone ? { timeZone } : {});

describe('filter defaults', () => {
  it('has nothing active by default', () => {
    expect(activeFilterCount(defaultFilters())).toBe(0);
    expect(hasActiveFilters(defaultFilters())).toBe(false);
    expect(DEFAULT_FILTERS.includeCompleted).toBe(false);
    expect(FILTER_PAGE_SIZE).toBe(50);
  });

  it('counts active filters', () => {
    expect(activeFilterCount(filters({ searchText: '  ' }))).toBe(0);
    expect(
      activeFilterCount(filters({ searchText: 'x', categoryTags: ['Art'], refundAmountMinCents: 0 })),
    ).toBe(3);
    expect(hasActiveFilters(filters({ includeCompleted: true }))).toBe(true);
  });

  it('gives fresh copies', () => {
    const a = defaultFilters();
    a.categoryTags.push('Art');
    expect(defaultFilters().categoryTags).toEqual([]);
  });
});

describe('filter predicate', () => {
  it('matches everything active with default filters', () => {
    expect(matches({})).toBe(true);
  });

  it('hides completed projects unless includeCompleted', () => {
    expect(matches({}, { status: 'completed' })).toBe(false);
    expect(matches({ includeCompleted: true }, { status: 'completed' })).toBe(true);
    expect(matches({}, { status: 'upcoming' })).toBe(true);
  });

  it('searches title, description, tag and creator, case-insensitively', () => {
    expect(matches({ searchText: 'guitar' })).toBe(true);
    expect(matches({ searchText: 'SCALES' })).toBe(true);
    expect(matches({ searchText: 'music' })).toBe(true);
    expect(matches({ searchText: 'ana_b' })).toBe(true);
    expect(matches({ searchText: 'guitar scales' })).toBe(true);
    expect(matches({ searchText: 'piano' })).toBe(false);
  });

  it('filters by tags', () => {
    expect(matches({ categoryTags: ['Music', 'Art'] })).toBe(true);
    expect(matches({ categoryTags: ['Art'] })).toBe(false);
  });

  it('has inclusive numeric bounds', () => {
    expect(matches({ refundAmountMinCents: 5000, refundAmountMaxCents: 5000 })).toBe(true);
    expect(matches({ refundAmountMinCents: 5001 })).toBe(false);
    expect(matches({ refundAmountMaxCents: 4999 })).toBe(false);
    expect(matches({ completedCheckinsMin: 2, completedCheckinsMax: 2 })).toBe(true);
    expect(matches({ completedCheckinsMin: 3 })).toBe(false);
    expect(matches({ projectLengthMin: 30, projectLengthMax: 30 })).toBe(true);
    expect(matches({ projectLengthMax: 29 })).toBe(false);
    expect(matches({ missedCheckinsMin: 1, missedCheckinsMax: 1 })).toBe(true);
    expect(matches({ missedCheckinsMax: 0 })).toBe(false);
  });

  it('excludes projects lacking length or frequency from missed-check-in bounds', () => {
    expect(matches({ missedCheckinsMin: 0 }, { totalLengthDays: null })).toBe(false);
    expect(matches({ missedCheckinsMax: 10 }, { checkInFrequencyDays: null })).toBe(false);
    expect(matches({}, { checkInFrequencyDays: null })).toBe(true);
  });

  it('uses 30 days for a missing length in length bounds', () => {
    expect(matches({ projectLengthMin: 30 }, { totalLengthDays: null })).toBe(true);
    expect(matches({ projectLengthMin: 31 }, { totalLengthDays: null })).toBe(false);
  });

  it('includes the whole day of a date-to bound', () => {
    expect(matches({ createdDateFrom: '2026-03-10', createdDateTo: '2026-03-10' })).toBe(true);
    expect(matches({ createdDateTo: '2026-03-09' })).toBe(false);
    expect(matches({ createdDateFrom: '2026-03-11' })).toBe(false);
    expect(matches({ endDateTo: '2026-04-08' })).toBe(true);
    expect(matches({ endDateTo: '2026-04-07' })).toBe(false);
    expect(matches({ endDateFrom: '2026-04-08' })).toBe(true);
  });

  it('reads date bounds in the viewer’s timezone', () => {
    // Created 2026-03-10 15:00 UTC = 2026-03-11 04:00 in Auckland.
    expect(matches({ createdDateTo: '2026-03-10' }, {}, 'Pacific/Auckland')).toBe(false);
    expect(matches({ createdDateFrom: '2026-03-11' }, {}, 'Pacific/Auckland')).toBe(true);
  });

  it('filters lists and ranks the largest commitments', () => {
    const projects = [
      { ...base, title: 'a', refundableCents: 100, depositCents: 100 },
      { ...base, title: 'b', refundableCents: 900, depositCents: 500 },
      { ...base, title: 'c', refundableCents: 500, depositCents: null },
      { ...base, title: 'd', refundableCents: 700, depositCents: 700, tag: 'Art' },
    ];
    expect(filterProjects(projects, filters({ categoryTags: ['Music'] })).map((p) => p.title)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(topByRefundable(projects, 2).map((p) => p.title)).toEqual(['b', 'd']);
    expect(topByRefundable(projects, 8).map((p) => p.title)).toEqual(['b', 'd', 'a']);
  });
});
