import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../src/components/route-error-boundary';
import { AppRoutes } from '../src/router';
import { LocationProbe, alice, json, mockApi, renderWithProviders, sessionRoute } from './helpers';

function renderApp(route: string) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { route },
  );
}

describe('AppRoutes', () => {
  it.each([
    ['/', 'Beat procrastination with money on the line'],
    ['/how-it-works', 'How Kept works'],
    ['/login', 'Log in to Kept'],
    ['/signup', 'Create your account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'Set a new password'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/about', 'About Kept'],
    ['/help', 'Help Center'],
    ['/blog', 'Blog'],
    ['/careers', 'Careers'],
    ['/project/abc', 'Project Not Found'],
    ['/category/featured', "Editor's Picks"],
    ['/user/alice', 'alice'],
    ['/no/such/page', 'Page not found'],
  ])('%s shows its heading', async (path, heading) => {
    mockApi({
      ...sessionRoute(null),
      'GET /api/projects/abc': () =>
        json({ error: { code: 'not_found', message: 'Project not found' } }, 404),
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/my-projects', 'My Projects'],
    ['/create-project', 'Create New Project'],
    ['/settings', 'Settings'],
  ])('%s shows its heading to a signed-in user', async (path, heading) => {
    mockApi(sessionRoute(alice));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/my-projects', '/create-project', '/settings'])(
    '%s sends a signed-out visitor to log in',
    async (path) => {
      mockApi(sessionRoute(null));
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Kept' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(`/login?returnTo=${encodeURIComponent(path)}`);
    },
  );

  it.each([
    ['/login', '/my-projects', 'My Projects'],
    ['/signup', '/my-projects', 'My Projects'],
    ['/login?returnTo=%2Fsettings', '/settings', 'Settings'],
    ['/signup?returnTo=%2Fcreate-project', '/create-project', 'Create New Project'],
    ['/login?returnTo=%2F%2Fevil.example', '/my-projects', 'My Projects'],
    ['/login?returnTo=%2Flogin', '/my-projects', 'My Projects'],
  ])('%s sends a user who is already signed in on to %s', async (path, destination, heading) => {
    mockApi(sessionRoute(alice));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${destination}$`));
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it.each([
    [null, '/login'],
    [alice, '/my-projects'],
  ])("How it works' Get Started, for %o, leads to %s", async (user, href) => {
    mockApi(sessionRoute(user));
    renderApp('/how-it-works');
    await screen.findByRole('heading', { level: 1, name: 'How Kept works' });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', href),
    );
  });

  it('greets a signed-in user by name on the home page', async () => {
    mockApi(sessionRoute(alice));
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, alice!' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('gives anonymous visitors Get Started and How it works on the home page', async () => {
    mockApi(sessionRoute(null));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    const howItWorks = screen.getAllByRole('link', { name: 'How it works' });
    expect(howItWorks.length).toBeGreaterThan(0);
    expect(howItWorks.every((link) => link.getAttribute('href') === '/how-it-works')).toBe(true);
  });

  it.each(['/settings', '/my-projects'])(
    'logging out on %s goes home (not to the login redirect)',
    async (path) => {
      let signedIn = true;
      mockApi({
        'GET /api/session': () => json({ user: signedIn ? alice : null }),
        'POST /api/auth/sign-out': () => {
          signedIn = false;
          return json({ ok: true });
        },
      });
      const user = userEvent.setup();
      renderApp(path);
      await user.click(await screen.findByRole('button', { name: 'Account menu for alice' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Beat procrastination with money on the line' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    },
  );

  it('sets the document title per page', async () => {
    mockApi(sessionRoute(null));
    renderApp('/terms-of-service');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(document.title).toBe('Terms of Service · Kept');
  });
});

describe('ErrorBoundary', () => {
  it('shows a friendly message with reload and home actions instead of a blank screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    renderWithProviders(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });
});
