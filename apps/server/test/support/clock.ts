import type { Clock } from '../../src/clock.ts';

/** A clock that stands still until the test moves it. */
export function manualClock(
  start = new Date('2026-03-01T12:00:00Z'),
): Clock & { advance: (ms: number) => void; set: (d: Date) => void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (d) => {
      now = d.getTime();
    },
  };
}
