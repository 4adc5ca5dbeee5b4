import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VerifyEmailBanner } from '../src/features/session';
import VerifyEmailScreen from '../src/routes/verify-email';
import { apiError, renderScreen } from './account-helpers';
import { alice, json, mockApi, renderWithProviders } from './helpers';

const BANNER =
  'Please confirm your email address: we sent you a link. Until then Kept sends you no check-in reminders.';
const INVALID =
  'This confirmation link has expired or has already been used. Please ask for a new one in Settings.';

describe('the confirmation banner', () => {
  it('asks an unconfirmed user to confirm, and sends the link again on request', async () => {
    const fetchMock = mockApi({
      'GET /api/session': () => json({ user: { ...alice, emailVerified: false } }),
      'POST /api/me/verification-email': () => json({ ok: true }),
    });
    renderWithProviders(<VerifyEmailBanner />);
    expect(await screen.findByText(BANNER)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way. Please check your inbox.')).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/me/verification-email');
  });

  it('is not shown to a confirmed user or a visitor', async () => {
    mockApi({ 'GET /api/session': () => json({ user: alice }) });
    const { unmount } = renderWithProviders(<VerifyEmailBanner />);
    await waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
    unmount();
    mockApi({ 'GET /api/session': () => json({ user: null }) });
    renderWithProviders(<VerifyEmailBanner />);
    await waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
  });
});

describe('the confirmation link page', () => {
  it('sends the token once and says the address is confirmed', async () => {
    const fetchMock = mockApi({
      'GET /api/session': () => json({ user: alice }),
      'POST /api/auth/verify-email': () => json({ ok: true }),
    });
    renderScreen('/verify-email', <VerifyEmailScreen />, '/verify-email?token=abc.def.ghi');
    expect(await screen.findByText('Thank you: your email address is confirmed.')).toBeVisible();
    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/verify-email');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1].body))).toEqual({ token: 'abc.def.ghi' });
  });

  it("shows the server's words for a spent or expired link, and a way to Settings", async () => {
    mockApi({
      'GET /api/session': () => json({ user: null }),
      'POST /api/auth/verify-email': () => apiError(400, 'invalid_verification_link', INVALID),
    });
    renderScreen('/verify-email', <VerifyEmailScreen />, '/verify-email?token=used');
    expect(await screen.findByText(INVALID)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
  });
});
