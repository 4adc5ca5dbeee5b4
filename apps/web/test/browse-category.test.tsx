import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigationType } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../src/router';
import { LocationProbe, alice, json, renderWithProviders } from './helpers';
import { card, cards, categoryResponse, mockBrowseApi } from './browse-helpers';
import { route } from './network';

/** The first render loads the lazy category screen, which takes a moment in jsdom. */
// A bound, not a pause: screens are lazy modules drawn in transitions, slow on a busy 2-core machine.
const LAZY = { timeout: 15_000 };

/** How the router reached the current entry: 'POP' for the first one, 'REPLACE' after a redirect. */
function NavigationTypeProbe() {
  return <div data-testid="navigation-type">{useNavigationType()}</div>;
}

function renderCategory(slug: string) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
      <NavigationTypeProbe />
    </>,
    { route: `/category/${slug}` },
  );
}

describe('category screen', { timeout: 20_000 }, () => {
  it.each([
    ['featured', "Editor's Picks"],
    ['finishing-soon', 'Finishing Soon'],
    ['top-funded', 'Largest Commitments'],
    ['favorites', 'Favorites'],
    ['home-improvements', 'Home Improvements'],
    ['reading', 'Reading'],
  ])('/category/%s is headed %s', async (slug, heading) => {
    mockBrowseApi(route(`GET /api/categories/${slug}`, () => json(categoryResponse(slug, []))));
    renderCategory(slug);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY)).toBeInTheDocument();
    // The title is set by an effect, which runs after the heading is on screen.
    await waitFor(() => expect(document.title).toBe(`${heading} · Kept`));
  });

  it.each([
    ['ART', '/category/art', 'Art'],
    ['home_improvements', '/category/home-improvements', 'Home Improvements'],
    ['Finishing%20Soon?x=1', '/category/finishing-soon?x=1', 'Finishing Soon'],
  ])('moves /category/%s to %s, replacing the history entry', async (typed, canonical, heading) => {
    const slug = canonical.split('/')[2]!.split('?')[0]!;
    const { calls } = mockBrowseApi(
      route(`GET /api/categories/${slug}`, () => json(categoryResponse(slug, []))),
    );
    renderCategory(typed);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(canonical);
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
    expect(calls.every((call) => !call.includes(typed.split('?')[0]!))).toBe(true);
  });

  it.each(['nonsense', 'arts'])(
    'shows the not-found screen for /category/%s, asking the server nothing',
    async (slug) => {
      const { calls } = mockBrowseApi({});
      renderCategory(slug);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LAZY),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: slug })).not.toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(`/category/${slug}`);
      await waitFor(() => expect(document.title).toBe('Page not found · Kept'));
      expect(calls.some((call) => call.startsWith('GET /api/categories'))).toBe(false);
    },
  );

  it("shows '{n} projects found' and the cards, 'Your Project' on the viewer's own", async () => {
    const { calls } = mockBrowseApi(
      {
        'GET /api/categories/art': () =>
          json(
            categoryResponse('art', [
              card({ title: 'Mural', tag: 'Art', isOwn: true, isFavorite: false }),
              card({ title: 'Sketchbook', tag: 'Art' }),
            ]),
          ),
        'GET /api/me/favorites': () => json({ projectIds: [] }),
      },
      alice,
    );
    renderCategory('art');
    expect(await screen.findByText('2 projects found', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mural' }).closest('article')).toHaveTextContent('Your Project');
    expect(screen.getByRole('link', { name: 'Sketchbook' }).closest('article')).not.toHaveTextContent(
      'Your Project',
    );
    expect(screen.getAllByRole('button', { name: /^Favorite / })).toHaveLength(2);
    expect(calls).toContain('GET /api/categories/art?limit=50&offset=0');
  });

  it("says '1 project found' for one, and has no stars for anonymous visitors", async () => {
    mockBrowseApi({ 'GET /api/categories/music': () => json(categoryResponse('music', [card()])) });
    renderCategory('music');
    expect(await screen.findByText('1 project found', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Favorite / })).not.toBeInTheDocument();
  });

  it('leads back to home', async () => {
    mockBrowseApi({ 'GET /api/categories/art': () => json(categoryResponse('art', [])) });
    const user = userEvent.setup();
    renderCategory('art');
    await user.click(await screen.findByRole('link', { name: 'Back to home' }, LAZY));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows the empty state to anonymous visitors without the create button', async () => {
    mockBrowseApi({ 'GET /api/categories/crafting': () => json(categoryResponse('crafting', [])) });
    renderCategory('crafting');
    expect(await screen.findByRole('heading', { name: 'No projects found' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText('There are no projects in this category yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create the First Project' })).not.toBeInTheDocument();
  });

  it("offers signed-in users 'Create the First Project'", async () => {
    mockBrowseApi({ 'GET /api/categories/crafting': () => json(categoryResponse('crafting', [])) }, alice);
    renderCategory('crafting');
    expect(await screen.findByRole('link', { name: 'Create the First Project' }, LAZY)).toHaveAttribute(
      'href',
      '/create-project',
    );
  });

  it('asks an anonymous visitor to log in to see favorites, without asking the server', async () => {
    const { calls } = mockBrowseApi({});
    renderCategory('favorites');
    expect(
      await screen.findByRole('heading', { name: 'Log in to see your favorites' }, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/login?returnTo=%2Fcategory%2Ffavorites',
    );
    expect(screen.queryByRole('link', { name: 'Create the First Project' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('GET /api/categories'))).toBe(false);
  });

  it('points a signed-in user with no favorites to projects to star, not to creating one', async () => {
    mockBrowseApi(
      {
        'GET /api/categories/favorites': () => json(categoryResponse('favorites', [])),
        'GET /api/me/favorites': () => json({ projectIds: [] }),
      },
      alice,
    );
    renderCategory('favorites');
    const heading = await screen.findByRole('heading', { name: 'No favorites yet' }, LAZY);
    const empty = within(heading.parentElement!);
    expect(empty.getByText('Tap the star on any project to keep it here.')).toBeInTheDocument();
    expect(empty.getByRole('link', { name: 'Browse Projects' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Create the First Project' })).not.toBeInTheDocument();
  });

  it("shows a signed-in user's favorites", async () => {
    mockBrowseApi(
      {
        'GET /api/categories/favorites': () =>
          json(categoryResponse('favorites', [card({ title: 'Starred', isFavorite: true })])),
        'GET /api/me/favorites': () => json({ projectIds: [] }),
      },
      alice,
    );
    renderCategory('favorites');
    expect(await screen.findByRole('link', { name: 'Starred' }, LAZY)).toBeInTheDocument();
  });

  it("says 'Loading projects...' while the list is on its way", async () => {
    mockBrowseApi({ 'GET /api/categories/art': () => new Promise<Response>(() => {}) });
    renderCategory('art');
    expect(await screen.findByText('Loading projects...', {}, LAZY)).toBeInTheDocument();
  });

  it('only logs a failed fetch, and shows the empty state', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockBrowseApi({
      'GET /api/categories/art': () =>
        json({ error: { code: 'not_found', message: 'Category not found' } }, 404),
    });
    renderCategory('art');
    expect(await screen.findByRole('heading', { name: 'No projects found' }, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load category', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("pages long categories with 'Show More'", async () => {
    const all = cards(60, { tag: 'Writing' });
    mockBrowseApi({
      'GET /api/categories/writing': (url) => {
        const offset = Number(url.searchParams.get('offset'));
        return json(categoryResponse('writing', all.slice(offset, offset + 50), { total: 60, offset }));
      },
    });
    const user = userEvent.setup();
    renderCategory('writing');
    expect(await screen.findByText('60 projects found', {}, LAZY)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show More (10 remaining)' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(60));
    expect(screen.queryByRole('button', { name: /Show More/ })).not.toBeInTheDocument();
  });
});
