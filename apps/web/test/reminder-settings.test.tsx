// Settings' Reminders and Calendar sections: the saved choices shown, a round trip of each change to
// the API, quiet hours checked before sending, a project's own choice, and a new calendar link.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import SettingsScreen from '../src/routes/settings';
import { reminderSettingsRoutes, renderScreen, sentBody, stubDeviceTimezone } from './account-helpers';
import { alice, json, mockApi } from './helpers';

const PROJECT = '11111111-1111-4111-8111-111111111111';

function routes() {
  return {
    'GET /api/session': () => json({ user: alice }),
    'GET /api/me/settings': () => json({ username: 'alice', timezone: 'UTC' }),
    ...reminderSettingsRoutes(),
  };
}

async function renderReminders() {
  stubDeviceTimezone('UTC');
  renderScreen('/settings', <SettingsScreen />, '/settings');
  const region = await screen.findByRole('region', { name: 'Reminders' });
  await within(region).findByRole('checkbox', { name: 'Email reminders' });
  return { region, user: userEvent.setup() };
}

describe('Settings: reminders', { timeout: 15_000 }, () => {
  it('shows the saved choices and sends the changed ones', async () => {
    const fetchMock = mockApi({
      ...routes(),
      'PUT /api/me/reminders': () =>
        json({
          prefs: {
            channels: { email: true, push: false },
            timings: { 'day-before': true, 'morning-of': true, overdue: false },
            quietHours: { start: 1320, end: 450 },
          },
          projects: [],
        }),
    });
    const { region, user } = await renderReminders();
    expect(within(region).getByRole('checkbox', { name: 'Email reminders' })).toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'The evening before (6 pm)' })).not.toBeChecked();
    expect(
      within(region).getByRole('checkbox', { name: 'The morning of the check-in (9 am)' }),
    ).toBeChecked();
    await user.click(within(region).getByRole('checkbox', { name: 'The evening before (6 pm)' }));
    await user.click(
      within(region).getByRole('checkbox', { name: 'The next morning, if I have not checked in' }),
    );
    await user.click(within(region).getByRole('checkbox', { name: /quiet hours/ }));
    const until = within(region).getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '07:30');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText('Reminder settings saved.')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/me/reminders')).toEqual({
      channels: { email: true, push: false },
      timings: { 'day-before': true, 'morning-of': true, overdue: false },
      quietHours: { start: 1320, end: 450 },
    });
  });

  it('refuses quiet hours that start and end together, sending nothing, and keeps the input', async () => {
    const fetchMock = mockApi(routes());
    const { region, user } = await renderReminders();
    await user.click(within(region).getByRole('checkbox', { name: /quiet hours/ }));
    const until = within(region).getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '22:00');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    // The contract's words (ReminderPrefsSchema), said once for the two times it is about.
    const message = await within(region).findByText('Quiet hours must start and end at different times.');
    for (const time of [within(region).getByLabelText('From'), until]) {
      expect(time).toHaveAttribute('aria-invalid', 'true');
      expect(time).toHaveAccessibleDescription(message.textContent!);
    }
    expect(fetchMock.mock.calls.filter(([, sent]) => sent.method === 'PUT')).toEqual([]);
    expect(until).toHaveValue('22:00');
    // Changing either time checks the pair again.
    await user.clear(until);
    await user.type(until, '06:00');
    await waitFor(() =>
      expect(
        within(region).queryByText('Quiet hours must start and end at different times.'),
      ).not.toBeInTheDocument(),
    );
    expect(until).not.toHaveAttribute('aria-invalid');
  });

  it("changes one project's reminders", async () => {
    const fetchMock = mockApi({
      ...routes(),
      'PUT /api/projects/11111111-1111-4111-8111-111111111111/reminders': () =>
        json({
          projectId: PROJECT,
          title: 'Daily sketch',
          override: { channels: { email: false, push: false } },
        }),
    });
    const { region, user } = await renderReminders();
    const select = within(region).getByRole('combobox', { name: 'Daily sketch' });
    expect(select).toHaveValue('follow');
    await user.selectOptions(select, 'off');
    expect(await within(region).findByText('Reminders for “Daily sketch” saved.')).toBeInTheDocument();
    expect(sentBody(fetchMock, `/api/projects/${PROJECT}/reminders`)).toEqual({
      override: { channels: { email: false, push: false } },
    });
    expect(select).toHaveValue('off');
  });
});

describe('Settings: calendar link', { timeout: 15_000 }, () => {
  it('shows the private link and replaces it after asking', async () => {
    const fresh = 'http://localhost:3000/api/calendar/ZYXWVUTSRQPONMLKJIHGFEDCBA987654/check-ins.ics';
    mockApi({ ...routes(), 'POST /api/me/calendar-feed/rotate': () => json({ url: fresh }) });
    const { user } = await renderReminders();
    const region = screen.getByRole('region', { name: 'Calendar' });
    const link = await within(region).findByRole('textbox', { name: 'Your calendar link' });
    expect(link).toHaveValue(
      'http://localhost:3000/api/calendar/abcdefghijklmnopqrstuvwxyz012345/check-ins.ics',
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(region).getByRole('button', { name: 'Get a new link' }));
    expect(link).not.toHaveValue(fresh);
    await user.click(within(region).getByRole('button', { name: 'Get a new link' }));
    expect(
      await within(region).findByText('New link made. The old one no longer works.'),
    ).toBeInTheDocument();
    expect(link).toHaveValue(fresh);
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});
