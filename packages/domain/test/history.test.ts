import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_EDIT_WINDOW_MS,
  HISTORY_MESSAGES,
  checkInEditRefusal,
  checkInHeatmap,
  completionRate,
  currentStreak,
  weekdayOf,
} from '../src/index.ts';
import type { PeriodState } from '../src/index.ts';

const states = (...list: PeriodState[]) => list.map((state) => ({ state }));

describe('the current streak', () => {
  it('counts satisfied periods back to the last missed one', () => {
    expect(currentStreak(states('completed', 'missed', 'completed', 'completed'))).toBe(2);
    expect(currentStreak(states('completed', 'completed', 'missed'))).toBe(0);
    expect(currentStreak(states())).toBe(0);
  });

  it('is never broken by a pause or by the period still open', () => {
    expect(currentStreak(states('completed', 'paused', 'completed', 'open', 'open'))).toBe(2);
    expect(currentStreak(states('missed', 'completed', 'paused', 'completed'))).toBe(2);
  });

  it('a pause in place of a missed period never lowers it, and in place of another never raises it', () => {
    const state = fc.constantFrom<PeriodState>('completed', 'missed', 'open', 'paused');
    fc.assert(
      fc.property(fc.array(state, { maxLength: 40 }), fc.nat(), (list, i) => {
        if (list.length === 0) return;
        const paused = list.map((s, j) => (j === i % list.length ? 'paused' : s));
        if (list[i % list.length] === 'missed')
          expect(currentStreak(states(...paused))).toBeGreaterThanOrEqual(currentStreak(states(...list)));
        else expect(currentStreak(states(...paused))).toBeLessThanOrEqual(currentStreak(states(...list)));
      }),
    );
  });
});

describe('the completion rate', () => {
  it('is done / (done + missed), leaving out open and paused periods', () => {
    expect(completionRate(states('completed', 'missed', 'completed', 'open', 'paused'))).toBe(66);
    expect(completionRate(states('open'))).toBeNull();
  });
});

describe('the heatmap', () => {
  it('lays a year out in Sun–Sat weeks ending with today, counting check-ins per day', () => {
    const map = checkInHeatmap(['2026-11-25', '2026-11-25', '2026-11-20', '2025-01-01'], '2026-11-25');
    expect(map.weeks).toHaveLength(53);
    expect(map.weeks.every((week) => week.length === 7)).toBe(true);
    expect(weekdayOf(map.weeks[0]![0]!.date)).toBe(0);
    const days = map.weeks.flat().filter((d) => d !== null);
    expect(days.at(-1)).toEqual({ date: '2026-11-25', count: 2, level: 2 });
    expect(days.find((d) => d.date === '2026-11-20')).toEqual({ date: '2026-11-20', count: 1, level: 1 });
    expect(map.total).toBe(3); // 2025-01-01 is more than a year back
    expect(map.activeDays).toBe(2);
    expect(map.weeks.at(-1)!.slice(4)).toEqual([null, null, null]); // Thu–Sat after Wednesday 11-25
  });
});

describe('fixing a check-in', () => {
  it('is allowed for 15 minutes after posting, then the check-in is permanent', () => {
    const posted = new Date('2026-03-08T10:00:00Z');
    expect(checkInEditRefusal(posted, posted.getTime() + CHECK_IN_EDIT_WINDOW_MS - 1)).toBeNull();
    expect(checkInEditRefusal(posted, posted.getTime() + CHECK_IN_EDIT_WINDOW_MS)).toBe(
      HISTORY_MESSAGES.editWindowClosed,
    );
  });
});
