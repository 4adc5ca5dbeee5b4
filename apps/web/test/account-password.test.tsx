import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../src/features/session/api';
import ForgotPasswordScreen from '../src/routes/forgot-password';
import ResetPasswordScreen from '../src/routes/reset-password';
import { apiError, deferred, renderScreen, sentBody } from './account-helpers';
import { alice, json, mockApi, routes } from './helpers';
import type { Call } from './network';

const SENT =
  'Password reset email sent! Please check your inbox and follow the instructions to reset your password.';
const MISSING = 'Invalid or missing reset tokens. Please request a new password reset.';
const INVALID_LINK = 'Invalid reset link. Please request a new password reset.';

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('Forgot password', () => {
  function renderForgot() {
    renderScreen('/forgot-password', <ForgotPasswordScreen />, '/forgot-password');
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: 'Email' });
    const submit = () => user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    return { user, email, submit };
  }

  it.each([
    ['', 'Please enter your email address'],
    ['someone@nowhere', 'Please enter a valid email address'],
  ])('checks the address %j before sending', async (typed, message) => {
    const fetchMock = mockApi({});
    const { user, email, submit } = renderForgot();
    if (typed) await user.type(email, typed);
    await submit();
    expect(email).toHaveAccessibleDescription(message);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the address after a refused check and takes the message away once it is one', async () => {
    const fetchMock = mockApi({});
    const { user, email, submit } = renderForgot();
    await user.type(email, 'someone@nowhere');
    await submit();
    expect(email).toHaveValue('someone@nowhere');
    expect(email).toHaveFocus();
    await user.type(email, '.org');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the success panel with Back to Login and Send Another Email', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/forgot-password': () => json({ ok: true, message: SENT }),
    });
    const { user, email, submit } = renderForgot();
    await user.type(email, ' reader@example.com ');
    await submit();

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(sentBody(fetchMock, '/api/auth/forgot-password')).toEqual({ email: 'reader@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }));
    const again = screen.getByRole('textbox', { name: 'Email' });
    expect(again).toHaveValue('reader@example.com');
    expect(again).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows "Sending..." on the button while the request runs', async () => {
    const answer = deferred<Response>();
    mockApi({ 'POST /api/auth/forgot-password': () => answer.promise });
    const { user, email, submit } = renderForgot();
    await user.type(email, 'reader@example.com');
    await submit();
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.resolve(json({ ok: true, message: SENT }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
  });

  it("shows a 429's message and keeps the address", async () => {
    mockApi({
      'POST /api/auth/forgot-password': () =>
        apiError(429, 'rate_limited', 'Too many attempts. Please try again in 58 minutes.'),
    });
    const { user, email, submit } = renderForgot();
    await user.type(email, 'reader@example.com');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 58 minutes.',
    );
    expect(email).toHaveValue('reader@example.com');
  });

  it('falls back to the generic text', async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => new Response('', { status: 500 }) });
    const { user, email, submit } = renderForgot();
    await user.type(email, 'reader@example.com');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again later.',
    );
  });
});

describe('Reset password', () => {
  function renderReset(route = '/reset-password?token=tok-123') {
    const result = renderScreen('/reset-password', <ResetPasswordScreen />, route);
    const user = userEvent.setup({ delay: null });
    return { ...result, user };
  }

  /** The link check answers that tok-123 works. */
  const linkWorks = routes({ 'GET /api/auth/reset-password/tok-123': () => json({ ok: true }) });

  /** The form, once the link check has answered. */
  async function fields() {
    return {
      password: await screen.findByLabelText('New password', { exact: true }),
      confirm: screen.getByLabelText('Confirm new password'),
      submit: screen.getByRole('button', { name: 'Reset Password' }),
    };
  }

  const posts = (fetchMock: { mock: { calls: Call[] } }) =>
    fetchMock.mock.calls.filter(([, init]) => init.method === 'POST');

  it('says the link is unusable when it carries no token, and offers a new one', () => {
    mockApi({});
    renderReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(MISSING);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  });

  it('says at once that a used or broken link is invalid, before anything is typed', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/reset-password/used-token': () => apiError(404, 'not_found', INVALID_LINK),
    });
    renderReset('/reset-password?token=used-token');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your reset link...');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('shows the form for a link that works, and when the check cannot be made', async () => {
    mockApi(linkWorks);
    renderReset();
    expect(await fields()).toBeDefined();
    cleanup();
    mockApi({ 'GET /api/auth/reset-password/tok-123': () => new Response('', { status: 503 }) });
    renderReset();
    const { submit } = await fields();
    expect(submit).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('needs at least 6 characters', async () => {
    const fetchMock = mockApi(linkWorks);
    const { user } = renderReset();
    const { password, confirm, submit } = await fields();
    await user.type(password, '12345');
    await user.type(confirm, '12345');
    await user.click(submit);
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 6 characters long.'),
    );
    expect(password).toHaveFocus();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('needs both entries to match', async () => {
    const fetchMock = mockApi(linkWorks);
    const { user } = renderReset();
    const { password, confirm, submit } = await fields();
    await user.type(password, 'new-secret');
    await user.type(confirm, 'new-secrets');
    await user.click(submit);
    expect(confirm).toHaveAccessibleDescription('Passwords do not match.');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveFocus();
    expect(posts(fetchMock)).toEqual([]);
    expect(password).toHaveValue('new-secret');
    expect(confirm).toHaveValue('new-secrets');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('shows the invalid-link message from the server, with a way to ask again', async () => {
    mockApi({
      ...linkWorks,
      'POST /api/auth/reset-password': () => apiError(400, 'invalid_reset_link', INVALID_LINK),
    });
    const { user } = renderReset();
    const { password, confirm, submit } = await fields();
    await user.type(password, 'new-secret');
    await user.type(confirm, 'new-secret');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeInTheDocument();
    expect(password).toHaveValue('new-secret');
  });

  it("shows a 429's message without the new-link offer", async () => {
    mockApi({
      ...linkWorks,
      'POST /api/auth/reset-password': () =>
        apiError(429, 'rate_limited', 'Too many attempts. Please try again in 5 minutes.'),
    });
    const { user } = renderReset();
    const { password, confirm, submit } = await fields();
    await user.type(password, 'new-secret');
    await user.type(confirm, 'new-secret');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 5 minutes.',
    );
    expect(screen.queryByRole('link', { name: 'Request a new reset link' })).not.toBeInTheDocument();
  });

  it('sends the token, shows "Password Reset Successful!", rechecks the session and goes to /login after 3 s', async () => {
    const fetchMock = mockApi({ ...linkWorks, 'POST /api/auth/reset-password': () => json({ ok: true }) });
    const { user, queryClient } = renderReset();
    queryClient.setQueryData(sessionQueryKey, { user: alice });
    const { password, confirm } = await fields();
    await user.type(password, 'new-secret');
    await user.type(confirm, 'new-secret');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('heading', { name: 'Password Reset Successful!' })).toHaveFocus();
    expect(sentBody(fetchMock, '/api/auth/reset-password')).toEqual({
      token: 'tok-123',
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    // The server ended every session of the user: the app must ask again who is signed in.
    expect(queryClient.getQueryState(sessionQueryKey)?.isInvalidated).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(location()).toBe('/reset-password?token=tok-123');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(location()).toBe('/login');
  });
});
