import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuthOutlet, loginPathFor } from '../src/features/session/require-auth';
import { LocationProbe, alice, mockApi, renderWithProviders, sessionRoute } from './helpers';

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<h1>Login page</h1>} />
        <Route element={<RequireAuthOutlet />}>
          <Route path="/settings" element={<h1>Settings page</h1>} />
          <Route path="/my-projects" element={<h1>My Projects page</h1>} />
        </Route>
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

describe('loginPathFor', () => {
  it('encodes the path and query into returnTo', () => {
    expect(loginPathFor('/my-projects')).toBe('/login?returnTo=%2Fmy-projects');
    expect(loginPathFor('/settings', '?tab=profile&x=1')).toBe(
      '/login?returnTo=%2Fsettings%3Ftab%3Dprofile%26x%3D1',
    );
  });
});

describe('RequireAuth', () => {
  it('shows the full-screen Loading... while the session is being checked', () => {
    mockApi({ 'GET /api/session': () => new Promise<Response>(() => {}) });
    renderAt('/settings');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Settings page' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login with returnTo set to the path and query', async () => {
    mockApi(sessionRoute(null));
    renderAt('/settings?tab=profile');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?returnTo=%2Fsettings%3Ftab%3Dprofile');
  });

  it('treats a failed session check as signed out', async () => {
    mockApi({ 'GET /api/session': () => new Response('', { status: 500 }) });
    renderAt('/my-projects');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?returnTo=%2Fmy-projects');
  });

  it('shows the screen to a signed-in user', async () => {
    mockApi(sessionRoute(alice));
    renderAt('/my-projects');
    expect(await screen.findByRole('heading', { name: 'My Projects page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/my-projects');
  });
});
