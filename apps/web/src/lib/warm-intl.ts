import type { ScreenName } from '@kept/contract';

/**
 * The screens whose first render formats dates: the project page (periods, calendar, timeline in the
 * owner's timezone), settings (the timezone list) and a user's profile. Found by loading every screen
 * with Intl's constructors wrapped; test/browse-home.test.tsx checks that the home page makes none.
 */
const SCREENS_THAT_FORMAT_DATES: ReadonlySet<ScreenName> = new Set([
  'project',
  'settings',
  'user-profile',
  'money-history',
  'receipt',
]);

/**
 * The first Intl formatter a page makes loads the browser's locale and timezone data: 20-35 ms of main
 * thread on a desktop, several times that on a phone. Any later formatter, in any timezone, takes well
 * under a millisecond. Paying it here, in a task of its own while the first screen's code and data are on
 * their way, keeps it out of the render that shows them (dates, periods, schedules).
 */
export function warmIntl(): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0);
  } catch {
    // An engine without timezone data: the screens' own formatters report it where it matters.
  }
}

let warmed = false;

/**
 * Warms Intl in a task of its own, once, when `screen` formats dates, and not otherwise: the home page,
 * for one, never loads that data, and a page that will not use it should not pay for it. Called for the
 * page's first screen as the entry runs, and for each screen the app moves to.
 */
export function warmIntlFor(screen: ScreenName): void {
  if (warmed || !SCREENS_THAT_FORMAT_DATES.has(screen)) return;
  warmed = true;
  setTimeout(warmIntl, 0);
}
