import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../src/features/session/api';
import LoginScreen from '../src/routes/login';
import { AppRoutes } from '../src/router';
import { apiError, deferred, renderScreen, sentBody } from './account-helpers';
import { LocationProbe, alice, createTestQueryClient, json, mockApi, renderWithProviders } from './helpers';

function renderLogin(route = '/login') {
  const result = renderScreen('/login', <LoginScreen />, route);
  const user = userEvent.setup({ delay: null });
  const email = screen.getByRole('textbox', { name: 'Email' });
  const password = screen.getByLabelText('Password');
  const submit = () => user.click(screen.getByRole('button', { name: 'Log in' }));
  return { ...result, user, email, password, submit };
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('Login form', () => {
  it('labels its fields, with the autocomplete hints password managers need', () => {
    mockApi({});
    const { email, password } = renderLogin();
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toHaveAttribute('type', 'email');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('asks for both fields without calling the server, and marks the missing one', async () => {
    const fetchMock = mockApi({});
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'alice@example.com');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are required.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says under Email that an address longer than any address can be is not one, and sends nothing', async () => {
    const fetchMock = mockApi({});
    const { user, email, password, submit } = renderLogin();
    const long = `${'a'.repeat(250)}@example.com`;
    fireEvent.change(email, { target: { value: long } });
    await user.type(password, 'secret1');
    await submit();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email).toHaveValue(long);
    expect(password).toHaveValue('secret1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears the mark of a missing field as soon as it is filled in', async () => {
    mockApi({});
    const { user, email, password, submit } = renderLogin();
    await submit();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'alice@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are required.');
  });

  it('shows the password when asked, and hides it again', async () => {
    mockApi({});
    const { user, password } = renderLogin();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows the service's message and keeps what was typed", async () => {
    mockApi({ 'POST /api/auth/sign-in': () => apiError(401, 'auth_error', 'Invalid email or password') });
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'alice@example.com');
    await user.type(password, 'wrong-password');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(email).toHaveValue('alice@example.com');
    expect(password).toHaveValue('wrong-password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(location()).toBe('/login');
  });

  it('shows the rate limit message of a 429', async () => {
    mockApi({
      'POST /api/auth/sign-in': () =>
        apiError(429, 'rate_limited', 'Too many attempts. Please try again in 12 minutes.'),
    });
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'alice@example.com');
    await user.type(password, 'secret1');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 12 minutes.',
    );
  });

  it('falls back to the generic text when the server gives no reason', async () => {
    mockApi({ 'POST /api/auth/sign-in': () => new Response('', { status: 502 }) });
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'alice@example.com');
    await user.type(password, 'secret1');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again later.',
    );
  });

  it('shows a spinner on the pressed button and ignores a second press while signing in', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'POST /api/auth/sign-in': () => answer.promise });
    const { user, email, password, submit } = renderLogin();
    await user.type(email, '  alice@example.com ');
    await user.type(password, 'secret1');
    await submit();
    const busy = screen.getByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBody(fetchMock, '/api/auth/sign-in')).toEqual({
      email: 'alice@example.com',
      password: 'secret1',
    });
    answer.resolve(apiError(401, 'auth_error', 'Invalid email or password'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it.each([
    ['/login?returnTo=%2Fsettings', '/settings'],
    ['/login?returnTo=%2Fproject%2Fabc%3Fdonation%3Dsuccess', '/project/abc?donation=success'],
    ['/login', '/'],
    ['/login?returnTo=https%3A%2F%2Fevil.example', '/'],
    ['/login?returnTo=%2F%2Fevil.example', '/'],
    ['/login?returnTo=settings', '/'],
  ])('from %s goes to %s, 100 ms after signing in', async (route, destination) => {
    const fetchMock = mockApi({ 'POST /api/auth/sign-in': () => json({ user: alice }) });
    const { user, email, password, queryClient } = renderLogin(route);
    await user.type(email, 'alice@example.com');
    await user.type(password, 'secret1');

    // Only setTimeout is faked (and the click is synchronous): the 100 ms wait is then ours to step through.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: alice });
    expect(location()).toBe(route);
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(80));
    expect(location()).toBe(route);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(location()).toBe(destination);
  });

  it('after sign-up, says what happens for a new and for an existing address, and fills in the email', () => {
    mockApi({});
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter
          initialEntries={[{ pathname: '/login', state: { signedUp: true, email: 'new@example.com' } }]}
        >
          <LoginScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Next, log in');
    expect(status).toHaveTextContent(
      "If this email is new, your account is ready; if it already has an account, we've emailed you how to sign in.",
    );
    expect(status).not.toHaveTextContent('Thanks for signing up!');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('new@example.com');
  });
});

describe('Login in the app', () => {
  it('signs in: the navigation shows the user, then the page asked for opens', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/session': () => json({ user: signedIn ? alice : null }),
      'POST /api/auth/sign-in': () => {
        signedIn = true;
        return json({ user: alice });
      },
      'GET /api/me/settings': () => json({ username: 'alice', timezone: 'Europe/Berlin' }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AppRoutes />
        <LocationProbe />
      </>,
      { route: '/settings' },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Kept' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()).toBe('/login?returnTo=%2Fsettings');

    const main = within(screen.getByRole('main'));
    await user.type(main.getByRole('textbox', { name: 'Email' }), 'alice@example.com');
    await user.type(main.getByLabelText('Password'), 'secret1');
    await user.click(main.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('button', { name: 'Account menu for alice' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()).toBe('/settings');
  });
});
