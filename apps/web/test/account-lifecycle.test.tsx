// Settings → Change email and Delete my account (issue 24): what each section sends, says and keeps.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import SettingsScreen from '../src/routes/settings';
import {
  apiError,
  reminderSettingsRoutes,
  renderScreen,
  sentBody,
  stubDeviceTimezone,
} from './account-helpers';
import { alice, json, mockApi } from './helpers';

const base = {
  ...reminderSettingsRoutes(),
  'GET /api/session': () => json({ user: alice }),
  'GET /api/me/settings': () => json({ username: 'alice', timezone: 'UTC' }),
};

async function renderRegion(name: string) {
  stubDeviceTimezone('UTC');
  renderScreen('/settings', <SettingsScreen />, '/settings');
  return { user: userEvent.setup(), region: within(await screen.findByRole('region', { name })) };
}

describe('Settings: change email', () => {
  it('checks the form first, then sends the address and password and says where the link went', async () => {
    const fetchMock = mockApi({
      ...base,
      'POST /api/me/email': () =>
        json({
          ok: true,
          message:
            'We sent a link to new@example.org. Your address changes when you open it, within 24 hours.',
        }),
    });
    const { user, region } = await renderRegion('Change email');
    expect(await region.findByText('alice@example.com')).toBeVisible();
    const submit = region.getByRole('button', { name: 'Send the link' });
    await user.click(submit);
    expect(region.getByText('Please enter your new email address')).toBeVisible();
    expect(region.getByText('Please enter your current password.')).toBeVisible();
    await user.type(region.getByLabelText('New email address'), 'ALICE@example.com');
    await user.type(region.getByLabelText('Current password'), 'secret');
    await user.click(submit);
    expect(region.getByText('That is already your email address.')).toBeVisible();
    expect(() => sentBody(fetchMock, '/api/me/email')).toThrow('No request was sent');

    await user.clear(region.getByLabelText('New email address'));
    await user.type(region.getByLabelText('New email address'), 'new@example.org');
    await user.click(submit);
    expect(await region.findByText(/We sent a link to new@example.org/)).toBeVisible();
    expect(sentBody(fetchMock, '/api/me/email')).toEqual({
      newEmail: 'new@example.org',
      currentPassword: 'secret',
    });
    await waitFor(() => expect(region.getByLabelText('New email address')).toHaveValue(''));
  });

  it("shows the server's refusal on its field and keeps what was typed", async () => {
    const taken = 'That email address is already used by another Kept account. Please choose another one.';
    mockApi({ ...base, 'POST /api/me/email': () => apiError(409, 'conflict', taken, { newEmail: taken }) });
    const { user, region } = await renderRegion('Change email');
    await user.type(region.getByLabelText('New email address'), 'bob@example.com');
    await user.type(region.getByLabelText('Current password'), 'secret');
    await user.click(region.getByRole('button', { name: 'Send the link' }));
    const address = region.getByLabelText('New email address');
    await waitFor(() => expect(address).toHaveAccessibleDescription(taken));
    expect(region.getAllByText(taken)).toHaveLength(1);
    expect(region.queryByRole('alert')).not.toBeInTheDocument();
    expect(address).toHaveValue('bob@example.com');
    expect(address).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Settings: delete my account', () => {
  it('lists what blocks the deletion, linking each project, and offers no button', async () => {
    mockApi({
      ...base,
      'GET /api/me/account-deletion': () =>
        json({
          blockers: [
            { kind: 'project', id: 'p-1', title: 'Write a novel' },
            { kind: 'payment', id: 'pay-1', title: 'Learn to juggle' },
          ],
        }),
    });
    const { region } = await renderRegion('Delete my account');
    expect(await region.findByText("You can't delete your account yet")).toBeVisible();
    expect(region.getByRole('link', { name: 'Write a novel' })).toHaveAttribute('href', '/project/p-1');
    expect(region.getByText('Learn to juggle')).toBeVisible();
    expect(region.queryByRole('button', { name: 'Delete my account' })).toBeNull();
  });

  it('asks for the password, confirms what will happen, then deletes and leaves for the home page', async () => {
    const fetchMock = mockApi({ ...base, 'POST /api/me/account-deletion': () => json({ ok: true }) });
    const { user, region } = await renderRegion('Delete my account');
    const submit = await region.findByRole('button', { name: 'Delete my account' });
    expect(region.getByText('This cannot be undone.')).toBeVisible();
    await user.click(submit);
    expect(region.getByText('Please enter your password.')).toBeVisible();
    await user.type(region.getByLabelText('Password'), 'secret');
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Payment records stay, without your name.');
    // Cancel is focused first: a stray Enter deletes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sentBody(fetchMock, '/api/me/account-deletion')).toEqual({ password: 'secret' });
  });

  it('puts a wrong password back on its field', async () => {
    const wrong = 'Your password is not right. Please try again.';
    mockApi({
      ...base,
      'POST /api/me/account-deletion': () => apiError(400, 'validation_error', wrong, { password: wrong }),
    });
    const { user, region } = await renderRegion('Delete my account');
    await user.type(await region.findByLabelText('Password'), 'nope');
    await user.click(region.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await region.findByText(wrong)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(region.getByLabelText('Password')).toHaveValue('nope');
  });
});
