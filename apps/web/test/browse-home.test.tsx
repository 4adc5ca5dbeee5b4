import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TAGS } from '@kept/domain';
import { AppRoutes } from '../src/router';
import { alice, json, renderWithProviders } from './helpers';
import { card, homeResponse, mockBrowseApi } from './browse-helpers';

/** The first render loads the lazy home screen, which takes a moment in jsdom. */
// A bound, not a pause: screens are lazy modules drawn in transitions, slow on a busy 2-core machine.
const LAZY = { timeout: 15_000 };

const byTag = TAGS.map((tag) => ({ tag: tag.name, slug: tag.slug, projects: [] }));

function sectionTitles(): string[] {
  return within(screen.getByRole('region', { name: 'Browse projects' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

describe('home page sections', { timeout: 20_000 }, () => {
  it('lists Largest Commitments, Finishing Soon, Editor’s Picks, then every tag, each linking to its category', async () => {
    mockBrowseApi({
      'GET /api/home': () =>
        json(
          homeResponse({
            favorites: [card({ title: 'Not for anonymous visitors' })],
            topFunded: [card({ title: 'Biggest' })],
            finishingSoon: [card({ title: 'Soon' })],
            featured: [card({ title: 'Picked' })],
            byTag,
          }),
        ),
    });
    renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('link', { name: 'Biggest' }, LAZY)).toBeInTheDocument();
    // The first sections come at once, the rest in a transition just after.
    await waitFor(() =>
      expect(sectionTitles()).toEqual([
        'Largest Commitments',
        'Finishing Soon',
        "Editor's Picks",
        ...TAGS.map((tag) => tag.name),
      ]),
    );
    // Each tag section is drawn with the app's own icon, never an emoji (a box without an emoji font).
    for (const tag of TAGS) {
      const heading = screen.getByRole('heading', { level: 3, name: tag.name });
      expect(heading.querySelector(`svg[data-tag-icon="${tag.icon}"]`), tag.name).not.toBeNull();
    }
    for (const title of sectionTitles()) expect(title).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(screen.getByRole('link', { name: 'Largest Commitments' })).toHaveAttribute(
      'href',
      '/category/top-funded',
    );
    expect(screen.getByRole('link', { name: 'Finishing Soon' })).toHaveAttribute(
      'href',
      '/category/finishing-soon',
    );
    expect(screen.getByRole('link', { name: "Editor's Picks" })).toHaveAttribute(
      'href',
      '/category/featured',
    );
    expect(screen.getByRole('link', { name: 'Home Improvements' })).toHaveAttribute(
      'href',
      '/category/home-improvements',
    );
    expect(screen.queryByText('Not for anonymous visitors')).not.toBeInTheDocument();
    // The tags have no projects yet.
    expect(screen.getAllByText('No projects in this category yet.')).toHaveLength(TAGS.length);
    // The welcome header is still there.
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
  });

  it('marks the sections busy while it is still adding them, and not once all are drawn', async () => {
    mockBrowseApi({
      'GET /api/home': () => json(homeResponse({ topFunded: [card({ title: 'Biggest' })], byTag })),
    });
    // Every aria-busy value the page takes, as it takes it (the steps come in quick transitions).
    const seen: string[] = [];
    const record = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      for (const el of [node, ...node.querySelectorAll('[aria-busy]')])
        if (el.hasAttribute('aria-busy')) seen.push(el.getAttribute('aria-busy')!);
    };
    const observer = new MutationObserver((records) => {
      for (const r of records) [r.target, ...r.addedNodes].forEach(record);
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
    renderWithProviders(<AppRoutes />);
    await waitFor(() => expect(sectionTitles()).toHaveLength(3 + TAGS.length), LAZY);
    observer.disconnect();
    expect(seen).toContain('true');
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('puts Favorites first for a signed-in user who has some', async () => {
    mockBrowseApi(
      {
        'GET /api/home': () =>
          json(homeResponse({ favorites: [card({ title: 'Starred one', isFavorite: true })], byTag })),
        'GET /api/me/favorites': () => json({ projectIds: [] }),
      },
      alice,
    );
    renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('link', { name: 'Starred one' }, LAZY)).toBeInTheDocument();
    expect(sectionTitles()[0]).toBe('Favorites');
    expect(screen.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/category/favorites');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, alice!' })).toBeInTheDocument();
  });

  it('draws every section and card without loading locale data (no Intl formatter, no toLocale…)', async () => {
    // src/lib/warm-intl.ts leaves the home page out of its warm-up: this is why it may.
    const used: string[] = [];
    for (const name of [
      'DateTimeFormat',
      'NumberFormat',
      'PluralRules',
      'RelativeTimeFormat',
      'Collator',
    ] as const)
      vi.spyOn(Intl, name).mockImplementation(() => {
        used.push(`Intl.${name}`);
        throw new Error(`Intl.${name} on the home page`);
      });
    const methods = [
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [Number.prototype, 'toLocaleString'],
      [String.prototype, 'localeCompare'],
    ] as const;
    for (const [proto, method] of methods)
      vi.spyOn(proto as unknown as Record<string, () => string>, method).mockImplementation(() => {
        used.push(method);
        return '';
      });
    try {
      const cards = (title: string) => [card({ title }), card({ title: `${title} 2`, isFavorite: true })];
      mockBrowseApi(
        {
          'GET /api/home': () =>
            json(
              homeResponse({
                favorites: cards('Starred'),
                topFunded: cards('Biggest'),
                finishingSoon: cards('Soon'),
                featured: cards('Picked'),
                byTag: byTag.map((tag) => ({ ...tag, projects: cards(tag.tag) })),
              }),
            ),
          'GET /api/me/favorites': () => json({ projectIds: [] }),
        },
        alice,
      );
      renderWithProviders(<AppRoutes />);
      await waitFor(() => expect(sectionTitles()).toHaveLength(4 + TAGS.length), LAZY);
      expect(screen.getAllByRole('link', { name: 'Biggest' })).not.toHaveLength(0);
      expect(used).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('leaves Favorites out when the signed-in user has none', async () => {
    mockBrowseApi(
      {
        'GET /api/home': () => json(homeResponse({ topFunded: [card({ title: 'Biggest' })], byTag })),
        'GET /api/me/favorites': () => json({ projectIds: [] }),
      },
      alice,
    );
    renderWithProviders(<AppRoutes />);
    await screen.findByRole('link', { name: 'Biggest' }, LAZY);
    expect(sectionTitles()).not.toContain('Favorites');
  });

  it("says 'Loading projects...' until the sections arrive", async () => {
    mockBrowseApi({ 'GET /api/home': () => new Promise<Response>(() => {}) });
    renderWithProviders(<AppRoutes />);
    expect(await screen.findByText('Loading projects...', {}, LAZY)).toBeInTheDocument();
  });

  it('shows the Error Loading Projects box when the sections cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockBrowseApi({
      'GET /api/home': () => json({ error: { code: 'internal_error', message: 'Something broke' } }, 500),
    });
    renderWithProviders(<AppRoutes />);
    const alert = await screen.findByRole('alert', {}, LAZY);
    expect(alert).toHaveTextContent('Error Loading Projects');
    expect(alert).toHaveTextContent('Failed to fetch projects: Something broke');
  });
});
