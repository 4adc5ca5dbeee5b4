import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_OF_FIRST_SEGMENT, type ScreenName } from '@kept/contract';

/** A fresh copy of the module (it warms once per page) and the Intl formatters made meanwhile. */
async function freshWarmIntl() {
  vi.resetModules();
  return import('../src/lib/warm-intl');
}

describe('warming Intl for the first screen', () => {
  let made: unknown[][];
  beforeEach(() => {
    vi.useFakeTimers();
    made = [];
    const Original = Intl.DateTimeFormat;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: unknown[]) {
      made.push(args);
      return new Original(...(args as ConstructorParameters<typeof Original>));
    } as unknown as typeof Intl.DateTimeFormat);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loads the locale data, in a task of its own, for a screen that formats dates', async () => {
    const { warmIntlFor } = await freshWarmIntl();
    warmIntlFor('project');
    expect(made).toHaveLength(0);
    vi.runAllTimers();
    expect(made).toHaveLength(1);
  });

  it('does it once per page, whichever date screens follow', async () => {
    const { warmIntlFor } = await freshWarmIntl();
    for (const screen of ['project', 'settings', 'user-profile', 'project'] as const) warmIntlFor(screen);
    vi.runAllTimers();
    expect(made).toHaveLength(1);
  });

  it('leaves it alone on every screen that formats no dates, the home page first', async () => {
    const { warmIntlFor } = await freshWarmIntl();
    const others = [...Object.values(SCREEN_OF_FIRST_SEGMENT), 'not-found' as const].filter(
      (screen: ScreenName) =>
        !['project', 'settings', 'user-profile', 'money-history', 'receipt'].includes(screen),
    );
    expect(others).toContain('home');
    for (const screen of others) warmIntlFor(screen);
    vi.runAllTimers();
    expect(made).toEqual([]);
  });
});
