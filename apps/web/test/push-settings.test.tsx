// Settings' notifications section: a browser without the Push API and one with notifications blocked
// get clear words; turning on asks permission, subscribes with the server's public key and sends the
// subscription; the devices are listed, and removing this device ends the browser's subscription too.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SettingsScreen from '../src/routes/settings';
import { reminderSettingsRoutes, renderScreen, sentBody, stubDeviceTimezone } from './account-helpers';
import { alice, json, mockApi } from './helpers';

const ENDPOINT = 'https://push.example.test/send/abc';
const KEY = 'B'.repeat(87);
const device = (id: string, endpoint: string, deviceLabel: string) => ({
  id,
  endpoint,
  deviceLabel,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSuccessAt: null,
});

/** A browser with the Push API: a service worker registration whose push manager the test controls. */
function stubPushBrowser(permission: NotificationPermission, askAnswer: NotificationPermission = 'granted') {
  let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null =
    null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint: ENDPOINT,
      toJSON: () => ({
        endpoint: ENDPOINT,
        expirationTime: null,
        keys: { p256dh: KEY, auth: 'A'.repeat(22) },
      }),
      unsubscribe,
    };
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => subscription } };
  vi.stubGlobal('PushManager', function PushManager() {});
  const notification = { permission, requestPermission: vi.fn(async () => askAnswer) };
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { subscribe, unsubscribe, notification };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function routes(devices: ReturnType<typeof device>[] = []) {
  return {
    'GET /api/session': () => json({ user: alice }),
    'GET /api/me/settings': () => json({ username: 'alice', timezone: 'UTC' }),
    ...reminderSettingsRoutes(),
    'GET /api/me/push-subscriptions': () => json({ devices }),
  };
}

async function renderSection() {
  stubDeviceTimezone('UTC');
  renderScreen('/settings', <SettingsScreen />, '/settings');
  const region = await screen.findByRole('region', { name: 'Notifications on your devices' });
  return { region, user: userEvent.setup() };
}

describe('Settings: notifications on your devices', { timeout: 15_000 }, () => {
  it('says when this browser cannot show notifications', async () => {
    mockApi(routes());
    const { region } = await renderSection();
    expect(within(region).getByText(/This browser cannot show notifications from Kept/)).toBeInTheDocument();
    expect(await within(region).findByText('No device gets notifications yet.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Turn on for this device' })).not.toBeInTheDocument();
  });

  it('says how to allow notifications when they are blocked', async () => {
    stubPushBrowser('denied');
    mockApi(routes());
    const { region } = await renderSection();
    expect(
      within(region).getByText(/Notifications are blocked for Kept in this browser/),
    ).toBeInTheDocument();
  });

  it('turns on: asks permission, subscribes with the server’s key and sends the subscription', async () => {
    const browser = stubPushBrowser('default');
    const fetchMock = mockApi({
      ...routes(),
      'GET /api/push/public-key': () => json({ publicKey: KEY }),
      'POST /api/me/push-subscriptions': () => json({ devices: [device('d1', ENDPOINT, 'Chrome on Linux')] }),
    });
    const { region, user } = await renderSection();
    await user.click(await within(region).findByRole('button', { name: 'Turn on for this device' }));
    expect(
      await within(region).findByText(
        'Notifications turned on. Your reminders and donations will show on this device.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Turn off on this device' })).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(sentBody(fetchMock, '/api/me/push-subscriptions')).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: KEY, auth: 'A'.repeat(22) },
    });
    expect(within(region).getByText('(this device)')).toBeInTheDocument();
  });

  it('changes nothing when permission is not given', async () => {
    const browser = stubPushBrowser('default', 'default');
    const fetchMock = mockApi(routes());
    const { region, user } = await renderSection();
    await user.click(await within(region).findByRole('button', { name: 'Turn on for this device' }));
    expect(
      await within(region).findByText(
        'Kept can only send notifications once you allow them. Nothing was changed.',
      ),
    ).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([, sent]) => sent.method === 'POST')).toEqual([]);
  });

  it('lists the devices and removes one', async () => {
    stubPushBrowser('granted');
    const other = device('d2', 'https://push.example.test/send/other', 'Firefox on Android');
    const fetchMock = mockApi({
      ...routes([other]),
      'DELETE /api/me/push-subscriptions/d2': () => json({ devices: [] }),
    });
    const { region, user } = await renderSection();
    await user.click(await within(region).findByRole('button', { name: 'Remove Firefox on Android' }));
    expect(
      await within(region).findByText('Firefox on Android will not get notifications any more.'),
    ).toBeInTheDocument();
    expect(within(region).getByText('No device gets notifications yet.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, sent]) => url === '/api/me/push-subscriptions/d2' && sent.method === 'DELETE',
      ),
    ).toBe(true);
  });
});
