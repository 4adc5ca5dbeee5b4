import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import SettingsScreen from '../src/routes/settings';
import { apiError, renderScreen, sentBody, stubDeviceTimezone } from './account-helpers';
import { alice, json, mockApi } from './helpers';

const WRONG = 'Your current password is not right. Please try again.';

const base = {
  'GET /api/session': () => json({ user: alice }),
  'GET /api/me/settings': () => json({ username: 'alice', timezone: 'UTC' }),
};

async function renderSection() {
  stubDeviceTimezone('UTC');
  renderScreen('/settings', <SettingsScreen />, '/settings');
  const region = await screen.findByRole('region', { name: 'Change password' });
  const r = within(region);
  return {
    user: userEvent.setup(),
    region: r,
    current: r.getByLabelText('Current password'),
    next: r.getByLabelText('New password'),
    confirm: r.getByLabelText('Confirm new password'),
    submit: r.getByRole('button', { name: 'Change password' }),
  };
}

describe('Settings: change password', () => {
  it('checks the form first and sends nothing while it is incomplete', async () => {
    const fetchMock = mockApi(base);
    const { user, region, next, confirm, submit } = await renderSection();
    await user.click(submit);
    expect(region.getByText('Please enter your current password.')).toBeVisible();
    expect(region.getByText('Password must be at least 6 characters long.')).toBeVisible();
    await user.type(next, 'longer secret');
    await user.type(confirm, 'longer secrets');
    await user.click(submit);
    expect(region.getByText('Passwords do not match.')).toBeVisible();
    expect(() => sentBody(fetchMock, '/api/me/password')).toThrow('No request was sent');
  });

  it('sends the three fields, says every other session ended, and empties the form', async () => {
    const fetchMock = mockApi({ ...base, 'POST /api/me/password': () => json({ ok: true }) });
    const { user, region, current, next, confirm, submit } = await renderSection();
    await user.type(current, 'old secret');
    await user.type(next, 'new secret');
    await user.type(confirm, 'new secret');
    await user.click(submit);
    expect(
      await region.findByText('Password changed. Every other session has been signed out.'),
    ).toBeVisible();
    expect(sentBody(fetchMock, '/api/me/password')).toEqual({
      currentPassword: 'old secret',
      newPassword: 'new secret',
      confirmPassword: 'new secret',
    });
    await waitFor(() => expect(current).toHaveValue(''));
    expect(next).toHaveValue('');
  });

  it("shows the server's words once, on the current password, and keeps what was typed", async () => {
    mockApi({
      ...base,
      'POST /api/me/password': () => apiError(400, 'validation_error', WRONG, { currentPassword: WRONG }),
    });
    const { user, region, current, next, confirm, submit } = await renderSection();
    await user.type(current, 'wrong one');
    await user.type(next, 'new secret');
    await user.type(confirm, 'new secret');
    await user.click(submit);
    expect(await region.findAllByText(WRONG)).toHaveLength(1);
    expect(current).toHaveAccessibleDescription(WRONG);
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    expect(region.queryByRole('alert')).not.toBeInTheDocument();
    expect(next).toHaveValue('new secret');
  });
});
