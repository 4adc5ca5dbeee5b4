import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerHistory } from './history-fixtures';
import UserProfileScreen from '../src/routes/user-profile';
import { apiError, projectCard, renderScreen, stubDeviceTimezone } from './account-helpers';
import { LocationProbe, alice, json, mockApi, renderWithProviders, sessionRoute } from './helpers';

// The history panel under the page (its own tests: history-panel.test.tsx).
beforeEach(() => answerHistory());

function profile(overrides: Record<string, unknown> = {}) {
  return {
    user: { username: 'alice', createdAt: '2025-10-01T10:00:00.000Z' },
    activeProjects: [],
    completedProjects: [],
    ...overrides,
  };
}

function renderProfile(username = 'alice') {
  return renderScreen('/user/:username', <UserProfileScreen />, `/user/${username}`);
}

describe('Public profile', () => {
  it("shows the username and 'Joined {date}', and 'No Projects Yet' without projects", async () => {
    stubDeviceTimezone('America/New_York');
    mockApi({ 'GET /api/users/alice': () => json(profile()) });
    renderProfile();
    expect(await screen.findByText('Joined October 1, 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Projects Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Active Projects/ })).not.toBeInTheDocument();
    expect(document.title).toBe('alice · Kept');
  });

  it('dates the join in the visitor’s own timezone', async () => {
    stubDeviceTimezone('Pacific/Honolulu');
    mockApi({
      'GET /api/users/alice': () =>
        json(profile({ user: { username: 'alice', createdAt: '2025-10-01T05:00:00.000Z' } })),
    });
    renderProfile();
    expect(await screen.findByText('Joined September 30, 2025')).toBeInTheDocument();
  });

  it('lists active (and upcoming) and completed projects on the shared card, with amounts and badges', async () => {
    stubDeviceTimezone('UTC');
    mockApi({
      ...sessionRoute(null),
      'GET /api/users/alice': () =>
        json(
          profile({
            activeProjects: [
              projectCard({
                id: 'p-1',
                title: 'Write a novel',
                refundableCents: 123456,
                daysLeftBadge: { days: 2, colour: 'orange', text: '2 days left' },
              }),
              projectCard({ id: 'p-2', title: 'Learn the cello', status: 'upcoming', refundableCents: 2000 }),
            ],
            completedProjects: [
              projectCard({
                id: 'p-3',
                title: 'Run a 10k',
                status: 'completed',
                refundableCents: 50000,
                amount: { kind: 'settled-refund', cents: 40000 },
              }),
            ],
          }),
        ),
    });
    renderProfile();

    const active = await screen.findByRole('region', { name: 'Active Projects 2' });
    const activeCards = within(active).getAllByRole('article');
    expect(activeCards).toHaveLength(2);
    expect(within(activeCards[0]!).getByRole('link', { name: 'Write a novel' })).toHaveAttribute(
      'href',
      '/project/p-1',
    );
    expect(activeCards[0]).toHaveTextContent('$1,234.56 refundable');
    // The same card as every other list: tag chip and the days-left colours.
    expect(within(activeCards[0]!).getByText('Writing')).toBeVisible();
    expect(within(activeCards[0]!).getByText('2 days left')).toHaveAttribute('data-colour', 'orange');
    expect(activeCards[1]).toHaveTextContent('$20.00 refundable');

    const completed = screen.getByRole('region', { name: 'Completed Projects 1' });
    const [done] = within(completed).getAllByRole('article');
    expect(within(done!).getByRole('link', { name: 'Run a 10k' })).toHaveAttribute('href', '/project/p-3');
    expect(done).toHaveTextContent('Completed');
    expect(done).toHaveTextContent('$400.00 back to the creator');
    expect(screen.queryByText('No Projects Yet')).not.toBeInTheDocument();
  });

  it("badges every card 'Your Project' on the viewer's own profile, and none on someone else's", async () => {
    mockApi({
      ...sessionRoute(alice),
      'GET /api/me/favorites': () => json({ projectIds: [] }),
      'GET /api/users/alice': () => json(profile({ activeProjects: [projectCard({ id: 'p-1' })] })),
      'GET /api/users/bob': () =>
        json(
          profile({
            user: { username: 'bob', createdAt: '2025-10-01T10:00:00.000Z' },
            activeProjects: [projectCard({ id: 'p-2', title: "Bob's goal" })],
          }),
        ),
    });
    const { unmount } = renderProfile('alice');
    expect(await screen.findByText('Your Project')).toBeInTheDocument();
    unmount();
    renderProfile('bob');
    expect(await screen.findByText("Bob's goal")).toBeInTheDocument();
    expect(screen.queryByText('Your Project')).not.toBeInTheDocument();
  });

  it("shows 'User Not Found' and the spec's text for an unknown user", async () => {
    mockApi({ 'GET /api/users/nobody_here': () => apiError(404, 'not_found', 'User not found') });
    renderProfile('nobody_here');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The user "nobody_here" does not exist.')).toBeInTheDocument();
    expect(document.title).toBe('User Not Found · Kept');
  });

  it('Go Back returns to the previous page, or home when the profile was opened directly', async () => {
    mockApi({ 'GET /api/users/nobody_here': () => apiError(404, 'not_found', 'User not found') });
    const user = userEvent.setup();
    renderProfile('nobody_here');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('Go Back goes back in history', async () => {
    mockApi({ 'GET /api/users/nobody_here': () => apiError(404, 'not_found', 'User not found') });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Routes>
          <Route path="/category/art" element={<Link to="/user/nobody_here">A creator</Link>} />
          <Route path="/user/:username" element={<UserProfileScreen />} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/category/art' },
    );
    await user.click(screen.getByRole('link', { name: 'A creator' }));
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/category/art');
  });

  it('asks the server for the username as typed, URL-encoded', async () => {
    const fetchMock = mockApi({ 'GET /api/users/a%20b': () => apiError(404, 'not_found', 'User not found') });
    renderProfile('a b');
    expect(await screen.findByText('The user "a b" does not exist.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to load user profile' on other failures, and can try again", async () => {
    stubDeviceTimezone('UTC');
    let fail = true;
    mockApi({
      'GET /api/users/alice': () => (fail ? new Response('', { status: 500 }) : json(profile())),
    });
    const user = userEvent.setup();
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Failed to load user profile',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Projects Yet')).toBeInTheDocument();
  });
});
