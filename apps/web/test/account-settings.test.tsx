import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TIMEZONES } from '@kept/domain';
import { NavBar } from '../src/shell/nav-bar';
import { sessionQueryKey } from '../src/features/session/api';
import SettingsScreen from '../src/routes/settings';
import {
  apiError,
  deferred,
  reminderSettingsRoutes,
  renderScreen,
  sentBody,
  stubDeviceTimezone,
} from './account-helpers';
import { alice, json, mockApi, renderWithProviders } from './helpers';

// The Reminders and Calendar sections load with the page (their own tests: reminder-settings.test.tsx).
beforeEach(() => {
  mockApi(reminderSettingsRoutes());
});

const TAKEN = 'Username is already taken. Please choose a different username.';

function settingsRoutes(settings = { username: 'alice', timezone: 'Europe/Berlin' }) {
  return {
    'GET /api/session': () => json({ user: { ...alice, ...settings } }),
    'GET /api/me/settings': () => json(settings),
  };
}

async function renderSettings() {
  const result = renderScreen('/settings', <SettingsScreen />, '/settings');
  const user = userEvent.setup();
  const username = await screen.findByRole('textbox', { name: 'Username' });
  const timezone = screen.getByRole('combobox', { name: 'Timezone' });
  // Each section is a labelled region with its own Save button.
  const saveUsername = within(screen.getByRole('region', { name: 'Username' })).getByRole('button', {
    name: 'Save',
  });
  const saveTimezone = within(screen.getByRole('region', { name: 'Timezone' })).getByRole('button', {
    name: 'Save',
  });
  return { ...result, user, username, timezone, saveUsername, saveTimezone };
}

describe('Settings page', () => {
  it('has its heading and Back to My Projects', async () => {
    stubDeviceTimezone('Europe/Berlin');
    mockApi(settingsRoutes());
    await renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Projects' })).toHaveAttribute('href', '/my-projects');
  });

  it('says so when the settings cannot be loaded, and can try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/me/settings': () =>
        fail ? new Response('', { status: 500 }) : json({ username: 'alice', timezone: 'UTC' }),
    });
    const user = userEvent.setup();
    renderScreen('/settings', <SettingsScreen />, '/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user settings');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Username' })).toHaveValue('alice');
  });
});

describe('Settings: username', () => {
  it('starts with the saved username; Save is disabled while the field is empty or blank', async () => {
    stubDeviceTimezone('Europe/Berlin');
    mockApi(settingsRoutes());
    const { user, username, saveUsername } = await renderSettings();
    expect(username).toHaveValue('alice');
    expect(saveUsername).toBeEnabled();
    await user.clear(username);
    expect(saveUsername).toBeDisabled();
    await user.type(username, '   ');
    expect(saveUsername).toBeDisabled();
  });

  it('saves the trimmed name, says so, and renames the user in the navigation', async () => {
    stubDeviceTimezone('Europe/Berlin');
    const fetchMock = mockApi({
      ...settingsRoutes(),
      'PUT /api/me/username': () => json({ username: 'alice_2', timezone: 'Europe/Berlin' }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(
      <>
        <NavBar />
        <SettingsScreen />
      </>,
      { route: '/settings' },
    );
    // The account menu is loaded lazily: allow for a slow first import.
    expect(
      await screen.findByRole('button', { name: 'Account menu for alice' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const username = await screen.findByRole('textbox', { name: 'Username' });
    await user.clear(username);
    await user.type(username, '  alice_2  ');
    await user.click(
      within(screen.getByRole('region', { name: 'Username' })).getByRole('button', { name: 'Save' }),
    );

    expect(await screen.findByText('Username updated successfully!')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/me/username')).toEqual({ username: 'alice_2' });
    expect(username).toHaveValue('alice_2');
    expect(screen.getByRole('button', { name: 'Account menu for alice_2' })).toBeInTheDocument();
    expect(queryClient.getQueryData(sessionQueryKey)).toMatchObject({ user: { username: 'alice_2' } });
  });

  it('shows a spinner on Save while saving', async () => {
    stubDeviceTimezone('Europe/Berlin');
    const answer = deferred<Response>();
    mockApi({ ...settingsRoutes(), 'PUT /api/me/username': () => answer.promise });
    const { user, username, saveUsername } = await renderSettings();
    await user.type(username, '_x');
    await user.click(saveUsername);
    expect(saveUsername).toHaveAccessibleName('Saving...');
    expect(saveUsername).toBeDisabled();
    answer.resolve(json({ username: 'alice_x', timezone: 'Europe/Berlin' }));
    expect(await screen.findByText('Username updated successfully!')).toBeInTheDocument();
  });

  it.each([
    ['ab', 'Username must be at least 3 characters long'],
    ['support', 'Username contains inappropriate content'],
    ['a--b', 'Username cannot contain consecutive underscores or hyphens'],
  ])('checks %s with the shared rules before saving', async (name, message) => {
    stubDeviceTimezone('Europe/Berlin');
    const fetchMock = mockApi(settingsRoutes());
    const { user, username, saveUsername } = await renderSettings();
    await user.clear(username);
    await user.type(username, name);
    await user.click(saveUsername);
    expect(username).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/me/username')).toBe(false);
  });

  it('shows the taken message next to the field and keeps the name typed', async () => {
    stubDeviceTimezone('Europe/Berlin');
    mockApi({
      ...settingsRoutes(),
      'PUT /api/me/username': () => apiError(409, 'conflict', TAKEN, { username: TAKEN }),
    });
    const { user, username, saveUsername } = await renderSettings();
    await user.clear(username);
    await user.type(username, 'bob');
    await user.click(saveUsername);
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(expect.stringContaining(TAKEN));
    expect(username).toHaveValue('bob');
    expect(username).toHaveFocus();
    // Said once, on the field; typing a new name checks it again and takes the message away.
    expect(screen.getAllByText(TAKEN)).toHaveLength(1);
    await user.type(username, '_2');
    expect(screen.queryByText(TAKEN)).not.toBeInTheDocument();
  });

  it("shows 'Failed to update username' when the server gives no reason", async () => {
    stubDeviceTimezone('Europe/Berlin');
    mockApi({ ...settingsRoutes(), 'PUT /api/me/username': () => new Response('', { status: 500 }) });
    const { user, username, saveUsername } = await renderSettings();
    await user.type(username, '_b');
    await user.click(saveUsername);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update username');
  });
});

describe('Settings: timezone', () => {
  it('lists the 35 zones grouped by region, with their UTC offsets', async () => {
    stubDeviceTimezone('Europe/Berlin');
    mockApi(settingsRoutes());
    const { timezone } = await renderSettings();
    expect(timezone).toHaveValue('Europe/Berlin');
    const groups = [...timezone.querySelectorAll('optgroup')].map((group) => group.label);
    expect(groups).toEqual(['Americas', 'Europe', 'Asia', 'Australia & Pacific', 'UTC']);
    const options = within(timezone).getAllByRole('option');
    expect(options).toHaveLength(35);
    expect(options.map((option) => option.getAttribute('value'))).toEqual(
      TIMEZONES.map((zone) => zone.value),
    );
    expect(within(timezone).getByRole('option', { name: 'India (Kolkata) (UTC+05:30)' })).toBeInTheDocument();
    expect(within(timezone).getByRole('option', { name: 'UTC (UTC+00:00)' })).toBeInTheDocument();
  });

  it('keeps a saved zone that is not in the list selectable', async () => {
    stubDeviceTimezone('Europe/Rome');
    mockApi(settingsRoutes({ username: 'alice', timezone: 'Europe/Rome' }));
    const { timezone } = await renderSettings();
    expect(timezone).toHaveValue('Europe/Rome');
    expect(within(timezone).getAllByRole('option')).toHaveLength(36);
  });

  it("shows a green tick when the device's zone is the saved one", async () => {
    stubDeviceTimezone('Europe/Berlin');
    mockApi(settingsRoutes());
    await renderSettings();
    const line = screen.getByText(/matches your saved timezone/);
    expect(line).toHaveTextContent("Your device's timezone, Berlin, matches your saved timezone.");
    expect(line.closest('p')).toHaveClass('text-green-800');
    expect(screen.queryByRole('button', { name: "Use my device's timezone" })).not.toBeInTheDocument();
  });

  it("treats the device's alias of the saved zone as the same zone (Chromium's 'Asia/Calcutta')", async () => {
    stubDeviceTimezone('Asia/Calcutta');
    mockApi(settingsRoutes({ username: 'alice', timezone: 'Asia/Kolkata' }));
    const { timezone, saveTimezone } = await renderSettings();
    const line = screen.getByText(/matches your saved timezone/);
    expect(line).toHaveTextContent("Your device's timezone, India (Kolkata), matches your saved timezone.");
    expect(line.closest('p')).toHaveClass('text-green-800');
    expect(screen.queryByText(/is different from your saved timezone/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Use my device's timezone" })).not.toBeInTheDocument();
    expect(timezone).toHaveValue('Asia/Kolkata');
    expect(saveTimezone).toBeDisabled();
  });

  it('shows a zone saved under an alias as its listed zone, with no 36th option', async () => {
    stubDeviceTimezone('Asia/Kolkata');
    mockApi(settingsRoutes({ username: 'alice', timezone: 'Asia/Calcutta' }));
    const { timezone } = await renderSettings();
    expect(timezone).toHaveValue('Asia/Kolkata');
    expect(within(timezone).getAllByRole('option')).toHaveLength(35);
    expect(screen.getByText(/matches your saved timezone/)).toBeInTheDocument();
  });

  it("offers the device's listed zone when the device reports another zone's alias", async () => {
    stubDeviceTimezone('US/Pacific');
    mockApi(settingsRoutes());
    const { user, timezone } = await renderSettings();
    expect(screen.getByText(/is different from your saved timezone/)).toHaveTextContent(
      "Your device's timezone, Pacific Time (Los Angeles), is different from your saved timezone, Berlin.",
    );
    await user.click(screen.getByRole('button', { name: "Use my device's timezone" }));
    expect(timezone).toHaveValue('America/Los_Angeles');
    expect(within(timezone).getAllByRole('option')).toHaveLength(35);
  });

  it("warns in red when the device's zone differs, and offers to use it", async () => {
    stubDeviceTimezone('Asia/Tokyo');
    mockApi(settingsRoutes());
    const { user, timezone, saveTimezone } = await renderSettings();
    const line = screen.getByText(/is different from your saved timezone/);
    expect(line).toHaveTextContent(
      "Your device's timezone, Tokyo, is different from your saved timezone, Berlin.",
    );
    expect(line.closest('p')).toHaveClass('text-red-700');
    expect(saveTimezone).toBeDisabled();
    await user.click(screen.getByRole('button', { name: "Use my device's timezone" }));
    expect(timezone).toHaveValue('Asia/Tokyo');
    expect(saveTimezone).toBeEnabled();
  });

  it("saves the chosen zone and says 'Timezone updated to {label}'", async () => {
    stubDeviceTimezone('Asia/Tokyo');
    const fetchMock = mockApi({
      ...settingsRoutes(),
      'PUT /api/me/timezone': () => json({ username: 'alice', timezone: 'Asia/Tokyo' }),
    });
    const { user, timezone, saveTimezone } = await renderSettings();
    await user.selectOptions(timezone, 'Asia/Tokyo');
    await user.click(saveTimezone);
    expect(await screen.findByText('Timezone updated to Tokyo')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/me/timezone')).toEqual({ timezone: 'Asia/Tokyo' });
    expect(screen.getByText(/matches your saved timezone/)).toBeInTheDocument();
    expect(saveTimezone).toBeDisabled();
  });

  it("shows the server's message, or 'Failed to update timezone'", async () => {
    stubDeviceTimezone('Europe/Berlin');
    let answer = apiError(400, 'validation_error', 'Please choose a timezone from the list.');
    mockApi({ ...settingsRoutes(), 'PUT /api/me/timezone': () => answer });
    const { user, timezone, saveTimezone } = await renderSettings();
    await user.selectOptions(timezone, 'UTC');
    await user.click(saveTimezone);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a timezone from the list.');
    answer = new Response('', { status: 503 });
    await user.click(saveTimezone);
    expect(await screen.findByText('Failed to update timezone')).toBeInTheDocument();
    expect(timezone).toHaveValue('UTC');
  });
});
