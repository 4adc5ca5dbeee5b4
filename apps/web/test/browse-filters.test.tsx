import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProjectFiltersQuerySchema, filtersToQuery } from '@kept/contract';
import { defaultFilters, type ProjectFilters } from '@kept/domain';
import {
  draftFromFilters,
  filtersFromDraft,
  filtersFromSearchParams,
  filtersToEntries,
  isInvalidDraftValue,
  withFilters,
} from '../src/features/browse/filters';
import { HomeBrowse } from '../src/features/browse/home-browse';
import { LocationProbe, json, renderWithProviders } from './helpers';
import { card, cards, homeResponse, listResponse, mockBrowseApi } from './browse-helpers';

// ---------- the URL format is the contract's ----------

const localDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const bound = fc.option(
  fc.oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000_000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).filter((n) => !Object.is(n, -0)),
  ),
  { nil: null },
);
const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 &'-]{0,20}[A-Za-z0-9]$/);
const filtersArbitrary: fc.Arbitrary<ProjectFilters> = fc.record({
  searchText: fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 200 }).filter((text) => text.trim() !== ''),
  ),
  categoryTags: fc.uniqueArray(word, { maxLength: 4 }),
  createdDateFrom: fc.option(localDate, { nil: null }),
  createdDateTo: fc.option(localDate, { nil: null }),
  endDateFrom: fc.option(localDate, { nil: null }),
  endDateTo: fc.option(localDate, { nil: null }),
  refundAmountMinCents: bound,
  refundAmountMaxCents: bound,
  missedCheckinsMin: bound,
  missedCheckinsMax: bound,
  completedCheckinsMin: bound,
  completedCheckinsMax: bound,
  projectLengthMin: bound,
  projectLengthMax: bound,
  includeCompleted: fc.boolean(),
});

function withoutPaging({
  limit: _limit,
  offset: _offset,
  ...filters
}: ProjectFilters & { limit: number; offset: number }) {
  return filters;
}

describe('filters in the URL', () => {
  it("writes exactly the contract's filtersToQuery entries", () => {
    fc.assert(
      fc.property(filtersArbitrary, (filters) => {
        expect(Object.fromEntries(filtersToEntries(filters))).toEqual(filtersToQuery(filters));
      }),
    );
  });

  it("reads back the same filter set, as the server's ProjectFiltersQuerySchema does", () => {
    fc.assert(
      fc.property(filtersArbitrary, (filters) => {
        const url = new URLSearchParams(filtersToEntries(filters));
        expect(filtersFromSearchParams(url)).toEqual(filters);
        expect(withoutPaging(ProjectFiltersQuerySchema.parse(Object.fromEntries(url)))).toEqual(filters);
      }),
    );
  });

  it('reads a shared link', () => {
    const params = new URLSearchParams(
      'searchText=guitar&categoryTags=Art,Home%20Improvements&refundAmountMinCents=2000&endDateTo=2026-04-30&includeCompleted=true',
    );
    expect(filtersFromSearchParams(params)).toEqual({
      ...defaultFilters(),
      searchText: 'guitar',
      categoryTags: ['Art', 'Home Improvements'],
      refundAmountMinCents: 2000,
      endDateTo: '2026-04-30',
      includeCompleted: true,
    });
  });

  it('leaves out values that are not numbers or real dates instead of failing the page', () => {
    const params = new URLSearchParams(
      'refundAmountMinCents=lots&createdDateFrom=2026-02-30&projectLengthMax=14',
    );
    expect(filtersFromSearchParams(params)).toEqual({ ...defaultFilters(), projectLengthMax: 14 });
  });

  it('keeps unrelated query entries when the filters change', () => {
    const params = new URLSearchParams('utm_source=mail&searchText=old');
    expect(withFilters(params, { ...defaultFilters(), missedCheckinsMax: 0 }).toString()).toBe(
      'utm_source=mail&missedCheckinsMax=0',
    );
  });

  it('the form shows refund bounds in dollars and sends cents; bad amounts are flagged, not sent', () => {
    const draft = draftFromFilters({
      ...defaultFilters(),
      refundAmountMinCents: 2050,
      refundAmountMaxCents: 10000,
    });
    expect(draft.refundAmountMin).toBe('20.50');
    expect(draft.refundAmountMax).toBe('100');
    const typed = { ...draft, refundAmountMin: '12.345' };
    expect(isInvalidDraftValue(typed, 'refundAmountMin')).toBe(true);
    expect(filtersFromDraft(typed).refundAmountMinCents).toBeNull();
    expect(filtersFromDraft(draft).refundAmountMaxCents).toBe(10000);
  });
});

// ---------- the home page's filter bar and filtered list ----------

function renderHome(route = '/') {
  return renderWithProviders(
    <>
      <Link to="/?searchText=shared">Open shared link</Link>
      <HomeBrowse />
      <LocationProbe />
    </>,
    { route },
  );
}

function location() {
  return screen.getByTestId('location').textContent ?? '';
}

// Typing and rendering dozens of cards is slow in jsdom: these get more time than the default.
const SLOW = 20_000;

describe('HomeBrowse filters', () => {
  it(
    'applies the search text after typing settles: URL, server query and the count line',
    async () => {
      const { calls } = mockBrowseApi({
        'GET /api/home': () => json(homeResponse()),
        'GET /api/projects': () =>
          json(listResponse([card({ title: 'Guitar every day' })], { visibleTotal: 42 })),
      });
      const user = userEvent.setup();
      renderHome();
      await user.type(screen.getByPlaceholderText('Search...'), 'guitar');
      expect(await screen.findByText('1 of 42 projects found', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(location()).toBe('/?searchText=guitar');
      expect(calls.filter((call) => call.startsWith('GET /api/projects'))).toEqual([
        'GET /api/projects?searchText=guitar&limit=50&offset=0',
      ]);
      expect(screen.getByRole('link', { name: 'Guitar every day' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'reloads a filtered view from its URL: the form shows it and the server gets it',
    async () => {
      const { calls } = mockBrowseApi({
        'GET /api/projects': () => json(listResponse(cards(3))),
      });
      renderHome('/?categoryTags=Art&projectLengthMin=10&refundAmountMaxCents=25000');
      expect(await screen.findByText('3 of 100 projects found')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Advanced Filters/ })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(screen.getByRole('checkbox', { name: /Art/ })).toBeChecked();
      expect(screen.getByLabelText('Length in days min')).toHaveValue(10);
      expect(screen.getByLabelText('Refundable amount max')).toHaveValue('250');
      expect(calls).toContain(
        'GET /api/projects?categoryTags=Art&refundAmountMaxCents=25000&projectLengthMin=10&limit=50&offset=0',
      );
      expect(calls.some((call) => call.startsWith('GET /api/home'))).toBe(false);
    },
    SLOW,
  );

  it(
    'opens and closes the Advanced Filters area; a tag applies at once',
    async () => {
      mockBrowseApi({
        'GET /api/home': () => json(homeResponse()),
        'GET /api/projects': () => json(listResponse([])),
      });
      const user = userEvent.setup();
      renderHome();
      const toggle = screen.getByRole('button', { name: 'Advanced Filters' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('checkbox', { name: /Music/ })).not.toBeInTheDocument();
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const music = screen.getByRole('checkbox', { name: 'Music' });
      expect(music.closest('label')!.querySelector('svg[data-tag-icon="music"]')).not.toBeNull();
      await user.click(music);
      expect(location()).toBe('/?categoryTags=Music');
      expect(
        await screen.findByText(
          'No projects found matching your filters. Try adjusting your search criteria.',
        ),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Include completed projects' }));
      expect(location()).toBe('/?categoryTags=Music&includeCompleted=true');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    },
    SLOW,
  );

  it(
    'sends refund bounds typed in dollars as cents, and dates as typed',
    async () => {
      const { calls } = mockBrowseApi({
        'GET /api/home': () => json(homeResponse()),
        'GET /api/projects': () => json(listResponse(cards(1))),
      });
      const user = userEvent.setup();
      renderHome();
      await user.click(screen.getByRole('button', { name: 'Advanced Filters' }));
      await user.type(screen.getByLabelText('Refundable amount min'), '20.5');
      fireEvent.change(screen.getByLabelText('Ends to'), { target: { value: '2026-05-01' } });
      await waitFor(() => expect(location()).toBe('/?endDateTo=2026-05-01&refundAmountMinCents=2050'));
      await waitFor(() =>
        expect(
          calls.some((call) =>
            call.startsWith('GET /api/projects?endDateTo=2026-05-01&refundAmountMinCents=2050&timeZone='),
          ),
        ).toBe(true),
      );
    },
    SLOW,
  );

  it(
    'says under the refund field why a typed amount is not applied, and applies it once corrected',
    async () => {
      mockBrowseApi({
        'GET /api/home': () => json(homeResponse()),
        'GET /api/projects': () => json(listResponse(cards(1))),
      });
      const user = userEvent.setup();
      renderHome();
      await user.click(screen.getByRole('button', { name: 'Advanced Filters' }));
      const min = screen.getByLabelText('Refundable amount min');
      await user.type(min, 'abc');
      expect(min).toHaveValue('abc');
      expect(min).toHaveAttribute('aria-invalid', 'true');
      expect(min).toHaveAccessibleDescription('Enter an amount in dollars, such as 25 or 25.50.');
      expect(screen.getByText('Enter an amount in dollars, such as 25 or 25.50.')).toBeVisible();

      const max = screen.getByLabelText('Refundable amount max');
      await user.type(max, '-5');
      expect(max).toHaveAccessibleDescription('Enter an amount of $0 or more.');
      await user.clear(max);
      await user.type(max, '12.345');
      expect(max).toHaveAccessibleDescription('Enter an amount with at most two decimals.');
      expect(location()).toBe('/');

      await user.clear(min);
      await user.type(min, '20');
      await user.clear(max);
      await waitFor(() => expect(location()).toBe('/?refundAmountMinCents=2000'));
      expect(min).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(/Enter an amount/)).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "pages with 'Show More (N remaining)' 50 at a time, and starts over when the filters change",
    async () => {
      const all = cards(60);
      const { calls } = mockBrowseApi({
        'GET /api/projects': (url) => {
          const offset = Number(url.searchParams.get('offset'));
          return json(listResponse(all.slice(offset, offset + 50), { total: 60, offset }));
        },
      });
      const user = userEvent.setup();
      renderHome('/?searchText=project');
      expect(await screen.findByText('Showing first 50 results', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(screen.getAllByRole('article')).toHaveLength(50);

      await user.click(screen.getByRole('button', { name: 'Show More (10 remaining)' }));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(60), { timeout: 3000 });
      expect(calls).toContain('GET /api/projects?searchText=project&limit=50&offset=50');
      expect(screen.queryByText(/Showing first/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Show More/ })).not.toBeInTheDocument();

      // A new filter set starts at its first 50…
      await user.type(screen.getByPlaceholderText('Search...'), 's');
      await waitFor(() => expect(location()).toBe('/?searchText=projects'), { timeout: 3000 });
      expect(
        await screen.findByRole('button', { name: 'Show More (10 remaining)' }, { timeout: 3000 }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('article')).toHaveLength(50);

      // …and so does one seen before.
      await user.type(screen.getByPlaceholderText('Search...'), '{Backspace}');
      await waitFor(() => expect(location()).toBe('/?searchText=project'), { timeout: 3000 });
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(50), { timeout: 3000 });
      expect(screen.getByText('Showing first 50 results')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows a capped count as '1,000+ of Y' and 'N+ remaining', and still pages on",
    async () => {
      const all = cards(100);
      const { calls } = mockBrowseApi({
        'GET /api/projects': (url) => {
          const offset = Number(url.searchParams.get('offset'));
          // The server counted up to 1,000 and found more.
          return json(
            listResponse(all.slice(offset, offset + 50), {
              total: 1_000,
              totalCapped: true,
              visibleTotal: 100_000,
              offset,
            }),
          );
        },
      });
      const user = userEvent.setup();
      renderHome('/?searchText=guitar');
      expect(
        await screen.findByText('1,000+ of 100000 projects found', {}, { timeout: 3000 }),
      ).toBeInTheDocument();
      expect(screen.getByText('Showing first 50 results')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show More (950+ remaining)' }));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(100), { timeout: 3000 });
      expect(calls).toContain('GET /api/projects?searchText=guitar&limit=50&offset=50');
      expect(screen.getByRole('button', { name: 'Show More (900+ remaining)' })).toBeInTheDocument();
      expect(screen.queryByText(/^1000 of/)).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "'Clear All' empties the form and the URL and brings the sections back",
    async () => {
      const { calls } = mockBrowseApi({
        'GET /api/home': () => json(homeResponse({ topFunded: [card({ title: 'Top one' })] })),
        'GET /api/projects': () => json(listResponse(cards(2))),
      });
      const user = userEvent.setup();
      renderHome('/?searchText=abc&missedCheckinsMax=1');
      await screen.findByText('2 of 100 projects found');
      await user.click(screen.getByRole('button', { name: 'Clear All' }));
      expect(location()).toBe('/');
      expect(screen.getByPlaceholderText('Search...')).toHaveValue('');
      expect(screen.getByLabelText('Missed check-ins max')).toHaveValue(null);
      expect(await screen.findByRole('link', { name: 'Top one' })).toBeInTheDocument();
      expect(screen.queryByText(/projects found/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
      expect(calls).toContain('GET /api/home');
    },
    SLOW,
  );

  it(
    'follows the URL when it changes from elsewhere (a shared link, Back)',
    async () => {
      mockBrowseApi({
        'GET /api/home': () => json(homeResponse()),
        'GET /api/projects': () => json(listResponse(cards(1))),
      });
      const user = userEvent.setup();
      renderHome('/?searchText=first');
      expect(screen.getByPlaceholderText('Search...')).toHaveValue('first');
      await user.click(screen.getByRole('link', { name: 'Open shared link' }));
      expect(screen.getByPlaceholderText('Search...')).toHaveValue('shared');
    },
    SLOW,
  );

  it(
    "shows the Error Loading Projects box: 'Failed to fetch projects: …'",
    async () => {
      mockBrowseApi({
        'GET /api/projects': () =>
          json(
            { error: { code: 'validation_error', message: 'Search text must be 200 characters or less.' } },
            400,
          ),
      });
      renderHome('/?searchText=x');
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error Loading Projects')).toBeInTheDocument();
      expect(alert).toHaveTextContent(
        'Failed to fetch projects: Search text must be 200 characters or less.',
      );
    },
    SLOW,
  );

  it(
    'shows Loading projects... while the first answer is on its way',
    async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      mockBrowseApi({ 'GET /api/projects': () => new Promise<Response>(() => {}) });
      renderHome('/?searchText=slow');
      expect(await screen.findByText('Loading projects...')).toBeInTheDocument();
    },
    SLOW,
  );
});
