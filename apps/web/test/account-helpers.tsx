// Shared set-up for the account screens' tests.
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { ProjectCard } from '@kept/contract';
import { LocationProbe, renderWithProviders } from './helpers';
import type { Call } from './network';
import { json } from './network';

/** Pretends the device is set to `timeZone` (what `Intl.DateTimeFormat().resolvedOptions()` reports). */
export function stubDeviceTimezone(timeZone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...original.call(this), timeZone };
  });
}

export { apiError } from './network';

/** Renders one screen at `route`, with stand-ins for the pages it may send the user to. */
export function renderScreen(path: string, screen: ReactNode, route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={screen} />
        <Route path="*" element={<h1>Somewhere else</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

/** The body the last call to `url` sent, parsed. */
export function sentBody(fetchMock: { mock: { calls: Call[] } }, url: string): unknown {
  const call = fetchMock.mock.calls.findLast(([input]) => input === url);
  if (!call) throw new Error(`No request was sent to ${url}`);
  return JSON.parse(String(call[1].body));
}

/** A resolvable promise, to hold a request open while the test looks at the waiting state. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

export function projectCard(overrides: Partial<ProjectCard> = {}): ProjectCard {
  return {
    id: 'p-1',
    title: 'Write a novel',
    tag: 'Writing',
    imageUrl: '/images/tags/writing.svg',
    refundableCents: 123456,
    status: 'active',
    daysLeftBadge: null,
    ...overrides,
  };
}

/**
 * Answers for the Settings sections that load on their own (reminders, push devices, the calendar link,
 * Your data, what keeps the account from being deleted), as a new account has them.
 */
export function reminderSettingsRoutes() {
  return {
    'GET /api/me/reminders': () =>
      json({
        prefs: {
          channels: { email: true, push: false },
          timings: { 'day-before': false, 'morning-of': true, overdue: true },
          quietHours: null,
        },
        projects: [
          { projectId: '11111111-1111-4111-8111-111111111111', title: 'Daily sketch', override: null },
        ],
      }),
    'GET /api/me/calendar-feed': () =>
      json({ url: 'http://localhost:3000/api/calendar/abcdefghijklmnopqrstuvwxyz012345/check-ins.ics' }),
    'GET /api/me/data-export': () => json({ export: null }),
    'GET /api/me/account-deletion': () => json({ blockers: [] }),
    'GET /api/me/push-subscriptions': () => json({ devices: [] }),
  } as const;
}
