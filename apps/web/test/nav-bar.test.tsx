import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavBar } from '../src/shell/nav-bar';
import { LocationProbe, alice, json, mockApi, renderWithProviders, sessionRoute } from './helpers';

function renderNav(route = '/how-it-works') {
  return renderWithProviders(
    <>
      <NavBar />
      <Routes>
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

function desktopMenu() {
  return within(screen.getByTestId('desktop-menu'));
}

function mobileMenu() {
  return document.getElementById('mobile-menu')!;
}

describe('NavBar signed out', () => {
  it('offers How it works and Login, and nothing for members', async () => {
    mockApi(sessionRoute(null));
    renderNav('/');
    expect(await desktopMenu().findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(desktopMenu().getByRole('link', { name: 'How it works' })).toHaveAttribute(
      'href',
      '/how-it-works',
    );
    expect(screen.getByRole('link', { name: 'Kept' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'My Projects' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Project' })).not.toBeInTheDocument();
  });

  it('toggles the mobile menu with the menu button, and closes it with Escape', async () => {
    mockApi(sessionRoute(null));
    const user = userEvent.setup();
    renderNav('/');
    const button = screen.getByRole('button', { name: 'Main menu' });
    expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(mobileMenu()).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(mobileMenu()).toBeVisible();
    expect(within(mobileMenu()).getByRole('link', { name: 'How it works' })).toBeVisible();
    expect(within(mobileMenu()).getByRole('link', { name: 'Login' })).toBeVisible();

    await user.click(within(mobileMenu()).getByRole('link', { name: 'How it works' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('location')).toHaveTextContent('/how-it-works');

    await user.click(button);
    expect(mobileMenu()).toBeVisible();
    await user.keyboard('{Escape}');
    expect(mobileMenu()).not.toBeVisible();
    expect(button).toHaveFocus();
  });
});

describe('NavBar signed in', () => {
  it('offers My Projects, Create Project and the account menu instead of Login', async () => {
    mockApi(sessionRoute(alice));
    renderNav('/');
    expect(await desktopMenu().findByRole('link', { name: 'My Projects' })).toHaveAttribute(
      'href',
      '/my-projects',
    );
    expect(desktopMenu().getByRole('link', { name: 'Create Project' })).toHaveAttribute(
      'href',
      '/create-project',
    );
    expect(await desktopMenu().findByRole('button', { name: 'Account menu for alice' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'How it works' })).not.toBeInTheDocument();
  });

  it('opens the account menu with Settings and Logout', async () => {
    mockApi(sessionRoute(alice));
    const user = userEvent.setup();
    renderNav('/');
    await user.click(await screen.findByRole('button', { name: 'Account menu for alice' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out: calls the sign-out endpoint, forgets the user and goes home', async () => {
    let signedIn = true;
    const fetchMock = mockApi({
      'GET /api/session': () => json({ user: signedIn ? alice : null }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ ok: true });
      },
    });
    const user = userEvent.setup();
    renderNav('/settings');
    await user.click(await screen.findByRole('button', { name: 'Account menu for alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await desktopMenu().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Projects' })).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/sign-out' && init.method === 'POST'),
    ).toBe(true);
  });

  it('falls back to the email address while the user has no username yet', async () => {
    mockApi(sessionRoute({ ...alice, username: null }));
    renderNav('/');
    expect(
      await desktopMenu().findByRole('button', { name: 'Account menu for alice@example.com' }),
    ).toBeVisible();
  });

  it('shows the member links and Logout in the mobile menu', async () => {
    mockApi(sessionRoute(alice));
    const user = userEvent.setup();
    renderNav('/');
    await user.click(screen.getByRole('button', { name: 'Main menu' }));
    const menu = within(mobileMenu());
    expect(await menu.findByRole('link', { name: 'My Projects' })).toBeVisible();
    expect(menu.getByRole('link', { name: 'Create Project' })).toBeVisible();
    expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
    expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(menu.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
