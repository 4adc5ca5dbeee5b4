// Settings → Your data: ask for an export, watch its progress (polled while it builds), then the
// download link with its expiry date; a failed build and a refused request say so.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '@kept/contract';
import SettingsScreen from '../src/routes/settings';
import { apiError, reminderSettingsRoutes, renderScreen, stubDeviceTimezone } from './account-helpers';
import { alice, json, mockApi } from './helpers';

const ID = '22222222-2222-4222-8222-222222222222';

function exportOf(overrides: Partial<DataExport> = {}): DataExport {
  return {
    id: ID,
    state: 'queued',
    progress: { done: 0, total: 12 },
    createdAt: '2026-03-01T12:00:00.000Z',
    readyAt: null,
    expiresAt: null,
    sizeBytes: null,
    downloadUrl: null,
    ...overrides,
  };
}

const READY = exportOf({
  state: 'ready',
  progress: { done: 12, total: 12 },
  readyAt: '2026-03-01T12:00:05.000Z',
  expiresAt: '2026-03-08T12:00:05.000Z',
  sizeBytes: 2_400_000,
  downloadUrl: `/api/me/data-exports/${ID}/download`,
});

function baseRoutes() {
  return {
    'GET /api/session': () => json({ user: alice }),
    'GET /api/me/settings': () => json({ username: 'alice', timezone: 'UTC' }),
    ...reminderSettingsRoutes(),
  };
}

async function renderSection() {
  stubDeviceTimezone('UTC');
  renderScreen('/settings', <SettingsScreen />, '/settings');
  const region = await screen.findByRole('region', { name: 'Your data' });
  return { region, user: userEvent.setup() };
}

describe('Settings: your data', { timeout: 15_000 }, () => {
  it('requests an export, shows its progress while it builds, then the download link and expiry', async () => {
    const answers = [exportOf({ state: 'building', progress: { done: 6, total: 12 } }), READY];
    const fetchMock = mockApi({
      ...baseRoutes(),
      'POST /api/me/data-export': () => json({ export: exportOf() }, 202),
    });
    const { region, user } = await renderSection();
    await user.click(await within(region).findByRole('button', { name: 'Request my data' }));
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/me/data-export' && init.method === 'POST'),
    ).toBe(true);
    // Queued: a progress bar at 0 and no second request button.
    const bar = await within(region).findByRole('progressbar', { name: 'Waiting to start...' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(within(region).queryByRole('button', { name: /Request/ })).toBeNull();
    // Settings polls while it builds.
    mockApi({ 'GET /api/me/data-export': () => json({ export: answers.shift() ?? READY }) });
    const building = await within(region).findByRole(
      'progressbar',
      { name: 'Building your export...' },
      { timeout: 4_000 },
    );
    expect(building).toHaveAttribute('aria-valuenow', '50');
    const link = await within(region).findByRole('link', { name: /Download your data/ }, { timeout: 4_000 });
    expect(link).toHaveAttribute('href', `/api/me/data-exports/${ID}/download`);
    expect(region).toHaveTextContent(
      'Your export is ready (2.4 MB). You can download it until March 8, 2026.',
    );
    expect(within(region).getByRole('button', { name: 'Request a new export' })).toBeEnabled();
  });

  it('says so when the build failed, and offers a new one', async () => {
    mockApi({
      ...baseRoutes(),
      'GET /api/me/data-export': () => json({ export: exportOf({ state: 'failed' }) }),
    });
    const { region } = await renderSection();
    expect(
      await within(region).findByText('Something went wrong while building your export. Please try again.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Request a new export' })).toBeEnabled();
  });

  it('says so when an expired export is gone', async () => {
    mockApi({
      ...baseRoutes(),
      'GET /api/me/data-export': () => json({ export: exportOf({ state: 'expired' }) }),
    });
    const { region } = await renderSection();
    expect(
      await within(region).findByText(/Your last export was deleted 7 days after it was made/),
    ).toBeInTheDocument();
  });

  it('shows the server’s words when the request is refused, and keeps the button', async () => {
    mockApi({
      ...baseRoutes(),
      'POST /api/me/data-export': () =>
        apiError(429, 'rate_limited', 'Too many attempts. Please try again in 5 minutes.'),
    });
    const { region, user } = await renderSection();
    await user.click(await within(region).findByRole('button', { name: 'Request my data' }));
    expect(
      await within(region).findByText('Too many attempts. Please try again in 5 minutes.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Request my data' })).toBeEnabled();
  });
});
