import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loginAfterSignup } from '../src/features/account/signup-form';
import SignupScreen from '../src/routes/signup';
import { apiError, deferred, renderScreen, sentBody, stubDeviceTimezone } from './account-helpers';
import { json, mockApi } from './helpers';

const TAKEN = 'Username is already taken. Please choose a different username.';

function renderSignup(route = '/signup') {
  const result = renderScreen('/signup', <SignupScreen />, route);
  const user = userEvent.setup();
  const username = screen.getByRole('textbox', { name: 'Username' });
  const email = screen.getByRole('textbox', { name: 'Email' });
  const password = screen.getByLabelText('Password');
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign up' }));
  async function fill(values: { username?: string; email?: string; password?: string }) {
    if (values.username) await user.type(username, values.username);
    if (values.email) await user.type(email, values.email);
    if (values.password) await user.type(password, values.password);
  }
  return { ...result, user, username, email, password, submit, fill };
}

const location = () => screen.getByTestId('location').textContent;

describe('Signup form', () => {
  it('shows the username hint, tied to the field, and the autocomplete hints', () => {
    mockApi({});
    const { username, email, password } = renderSignup();
    expect(username).toHaveAccessibleDescription(
      '3-30 characters, letters, numbers, underscores, and hyphens only',
    );
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    [{ email: 'a@example.com', password: 'secret1' }, 'Username'],
    [{ username: 'alice', password: 'secret1' }, 'Email'],
    [{ username: 'alice', email: 'a@example.com' }, 'Password'],
  ])(
    'says all three are required when one is missing (%o), without calling the server',
    async (values, missing) => {
      const fetchMock = mockApi({});
      const { fill, submit } = renderSignup();
      await fill(values);
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent('Email, password, and username are required.');
      expect(screen.getByLabelText(missing, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(missing, { exact: true })).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['ab', 'Username must be at least 3 characters long'],
    ['a'.repeat(31), 'Username must be 30 characters or less'],
    ['bad name!', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['admin', 'Username contains inappropriate content'],
    ['double__under', 'Username cannot contain consecutive underscores or hyphens'],
    ['_edgy', 'Username cannot start or end with underscores or hyphens'],
  ])('checks the username with the shared rules: %s', async (name, message) => {
    const fetchMock = mockApi({});
    const { fill, submit, username } = renderSignup();
    await fill({ username: name, email: 'a@example.com', password: 'secret1' });
    await submit();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(username).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email and the password length, next to each field', async () => {
    const fetchMock = mockApi({});
    const { fill, submit, email, password } = renderSignup();
    await fill({ username: 'alice', email: 'alice@nowhere', password: 'short' });
    await submit();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 6 characters long.'),
    );
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps everything typed after a refused check, and checks a field again as it changes', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/sign-up': () => json({ ok: true }, 201) });
    const { user, fill, submit, username, email, password } = renderSignup();
    await fill({ username: 'alice', email: 'alice@nowhere', password: 'secret1' });
    await submit();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(username).toHaveValue('alice');
    expect(email).toHaveValue('alice@nowhere');
    expect(password).toHaveValue('secret1');
    await user.type(email, '.org');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await submit();
    expect(sentBody(fetchMock, '/api/auth/sign-up')).toMatchObject({
      username: 'alice',
      email: 'alice@nowhere.org',
      password: 'secret1',
    });
  });

  it('shows the required message once and the field rules under their fields together', async () => {
    const fetchMock = mockApi({});
    const { fill, submit, username, email } = renderSignup();
    await fill({ email: 'alice@nowhere', password: 'secret1' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Email, password, and username are required.');
    expect(screen.getAllByText('Email, password, and username are required.')).toHaveLength(1);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the trimmed username, the email, the password and the browser's timezone; then goes to log in", async () => {
    stubDeviceTimezone('Asia/Tokyo');
    const fetchMock = mockApi({ 'POST /api/auth/sign-up': () => json({ ok: true }, 201) });
    const { fill, submit } = renderSignup('/signup?returnTo=%2Fcreate-project');
    await fill({ username: '  new_reader ', email: 'new@example.com', password: 'secret1' });
    await submit();
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
    expect(location()).toBe('/login?returnTo=%2Fcreate-project');
    expect(sentBody(fetchMock, '/api/auth/sign-up')).toEqual({
      username: 'new_reader',
      email: 'new@example.com',
      password: 'secret1',
      timezone: 'Asia/Tokyo',
      returnTo: '/create-project',
    });
  });

  it("sends the device's zone as the browser names it (Chromium reports India as 'Asia/Calcutta'; the server stores the listed 'Asia/Kolkata')", async () => {
    stubDeviceTimezone('Asia/Calcutta');
    const fetchMock = mockApi({ 'POST /api/auth/sign-up': () => json({ ok: true }, 201) });
    const { fill, submit } = renderSignup();
    await fill({ username: 'new_reader', email: 'new@example.com', password: 'secret1' });
    await submit();
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/auth/sign-up')).toMatchObject({ timezone: 'Asia/Calcutta' });
  });

  it('keeps the user on signup with the taken-username message, and what they typed', async () => {
    mockApi({
      'POST /api/auth/sign-up': () => apiError(409, 'conflict', TAKEN, { username: TAKEN }),
    });
    const { fill, submit, username, email } = renderSignup();
    await fill({ username: 'alice', email: 'alice@example.com', password: 'secret1' });
    await submit();
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(expect.stringContaining(TAKEN));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveValue('alice');
    expect(email).toHaveValue('alice@example.com');
    expect(location()).toBe('/signup');
  });

  it("shows the server's message for other refusals (a 429 here)", async () => {
    mockApi({
      'POST /api/auth/sign-up': () =>
        apiError(429, 'rate_limited', 'Too many attempts. Please try again in 3 minutes.'),
    });
    const { fill, submit } = renderSignup();
    await fill({ username: 'alice', email: 'alice@example.com', password: 'secret1' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 3 minutes.',
    );
    expect(location()).toBe('/signup');
  });

  it('shows a spinner on the button while the account is created', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'POST /api/auth/sign-up': () => answer.promise });
    const { user, fill, submit } = renderSignup();
    await fill({ username: 'alice', email: 'alice@example.com', password: 'secret1' });
    await submit();
    const busy = screen.getByRole('button', { name: 'Creating account...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer.resolve(json({ ok: true }, 201));
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
  });
});

describe('loginAfterSignup', () => {
  it('carries a safe returnTo to the login page, and "/" otherwise', () => {
    expect(loginAfterSignup('/settings')).toBe('/login?returnTo=%2Fsettings');
    expect(loginAfterSignup(null)).toBe('/login?returnTo=%2F');
    expect(loginAfterSignup('//evil.example')).toBe('/login?returnTo=%2F');
    expect(loginAfterSignup('https://evil.example')).toBe('/login?returnTo=%2F');
  });
});
