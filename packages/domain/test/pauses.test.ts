// Pauses, early ends and cancelling (RULES.md "Pauses", "Cancelling and ending early"): examples, then
// properties over random projects.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANCEL_WINDOW_MS,
  ENDING_MESSAGES,
  PAUSE_MESSAGES,
  TIMEZONES,
  addDays,
  buildCalendar,
  cancelRefusal,
  cancellation,
  checkInCounts,
  endEarlyRefusal,
  localDateOf,
  nextCheckIn,
  pauseBudget,
  pauseOptions,
  pauseRefusal,
  liftPauseRefusal,
  projectSchedule,
  projectSummary,
  settlementAt,
} from '../src/index.ts';
import type { ScheduleCheckIn, ScheduleProject } from '../src/index.ts';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const onDate = (date: string): ScheduleCheckIn => ({
  checkInProjectDate: date,
  createdAt: at(`${date}T12:00:00Z`),
});

// RULES.md's example: created 2026-03-01 (UTC), 30 days, every 7 days → d = 03-01, 03-08, 03-15, 03-22, 03-29.
const example: ScheduleProject = {
  createdAt: at('2026-03-01T09:00:00Z'),
  totalLengthDays: 30,
  checkInFrequencyDays: 7,
  timezone: 'UTC',
};
const checkIns = [onDate('2026-03-01'), onDate('2026-03-10'), onDate('2026-03-30')];

describe('the pause budget', () => {
  it('is floor(t / 4), none below 4 check-ins', () => {
    expect([1, 2, 3, 4, 5, 7, 8, 12, 31].map(pauseBudget)).toEqual([0, 0, 0, 1, 1, 1, 2, 3, 7]);
  });
});

describe('pausing a period', () => {
  const schedule = projectSchedule(example);
  const morning = at('2026-03-01T10:00:00Z');

  it('is allowed for a later period whose first day is at least 2 days away', () => {
    expect(pauseRefusal(schedule, 3, morning)).toBeNull();
    // 03-08 is 7 days away; 03-03 would be the earliest first day allowed on 03-01.
    expect(pauseRefusal(schedule, 1, morning)).toBeNull();
    expect(pauseRefusal(schedule, 1, at('2026-03-06T23:59:59Z'))).toBeNull();
  });

  it('refuses period 0, unknown periods, a period starting within 2 days, and after the end', () => {
    expect(pauseRefusal(schedule, 0, morning)).toBe(PAUSE_MESSAGES.firstPeriod);
    expect(pauseRefusal(schedule, 5, morning)).toBe(PAUSE_MESSAGES.noSuchPeriod);
    expect(pauseRefusal(schedule, 1.5, morning)).toBe(PAUSE_MESSAGES.noSuchPeriod);
    expect(pauseRefusal(schedule, 1, at('2026-03-07T00:00:00Z'))).toBe(PAUSE_MESSAGES.tooSoon);
    expect(pauseRefusal(schedule, 1, at('2026-03-08T12:00:00Z'))).toBe(PAUSE_MESSAGES.tooSoon);
    expect(pauseRefusal(schedule, 4, at('2026-03-31T00:00:00Z'))).toBe(PAUSE_MESSAGES.ended);
  });

  it('counts the 2 days in the project’s timezone', () => {
    const tokyo = projectSchedule({ ...example, timezone: 'Asia/Tokyo' }); // starts 03-01 local
    // 2026-03-05T15:00Z is 03-06 00:00 in Tokyo: 03-08 is then only 2 days away — still allowed.
    expect(pauseRefusal(tokyo, 1, at('2026-03-05T15:00:00Z'))).toBeNull();
    // 2026-03-06T15:00Z is 03-07 in Tokyo: too soon, while it is still 03-06 in UTC.
    expect(pauseRefusal(tokyo, 1, at('2026-03-06T15:00:00Z'))).toBe(PAUSE_MESSAGES.tooSoon);
  });

  it('keeps within the budget and refuses pausing twice', () => {
    const paused = projectSchedule({ ...example, pausedPeriods: [3] });
    expect(pauseRefusal(paused, 3, morning)).toBe(PAUSE_MESSAGES.alreadyPaused);
    expect(pauseRefusal(paused, 2, morning)).toBe(PAUSE_MESSAGES.budgetUsed(1));
    expect(PAUSE_MESSAGES.budgetUsed(1)).toBe('This project can pause at most 1 check-in period.');
    const short = projectSchedule({ ...example, totalLengthDays: 21 }); // t = 3
    expect(pauseRefusal(short, 2, morning)).toBe(PAUSE_MESSAGES.noBudget);
  });

  it('can be lifted before its period starts, not from its first day', () => {
    const paused = projectSchedule({ ...example, pausedPeriods: [3] });
    expect(liftPauseRefusal(paused, 3, at('2026-03-21T23:59:59Z'))).toBeNull();
    expect(liftPauseRefusal(paused, 3, at('2026-03-22T00:00:00Z'))).toBe(PAUSE_MESSAGES.liftStarted);
    expect(liftPauseRefusal(paused, 2, morning)).toBe(PAUSE_MESSAGES.notPaused);
  });

  it('lists every later period with what the owner can do with it', () => {
    const paused = projectSchedule({ ...example, pausedPeriods: [3] });
    expect(pauseOptions(paused, at('2026-03-07T12:00:00Z'))).toEqual([
      { index: 1, date: '2026-03-08', paused: false, changeable: false, reason: PAUSE_MESSAGES.tooSoon },
      {
        index: 2,
        date: '2026-03-15',
        paused: false,
        changeable: false,
        reason: PAUSE_MESSAGES.budgetUsed(1),
      },
      { index: 3, date: '2026-03-22', paused: true, changeable: true, reason: null },
      {
        index: 4,
        date: '2026-03-29',
        paused: false,
        changeable: false,
        reason: PAUSE_MESSAGES.budgetUsed(1),
      },
    ]);
  });
});

describe('a paused period', () => {
  const paused = projectSchedule({ ...example, pausedPeriods: [3] });
  const ended = at('2026-03-31T00:00:00Z');

  it('counts in neither t nor m: R = floor(P × (t′ − m) / t′)', () => {
    // Periods 0, 1, 4 satisfied, 2 missed, 3 paused: t′ = 4, m = 1.
    expect(checkInCounts(paused, checkIns, ended)).toEqual({ total: 4, missed: 1, completed: 3, paused: 1 });
    const s = settlementAt(paused, checkIns, ended, { poolCents: 10_001, depositCents: 10_000 });
    expect(s.refundCents).toBe(7_500); // floor(10001 × 3 / 4)
    expect(s.forfeitCents).toBe(2_501);
    expect(s.refundToCardCents).toBe(7_500);
  });

  it('ignores a check-in posted in it', () => {
    const withCheckIn = [...checkIns, onDate('2026-03-23')];
    expect(checkInCounts(paused, withCheckIn, ended)).toEqual(checkInCounts(paused, checkIns, ended));
  });

  it('shows as paused in the calendar and is passed over by the next check-in', () => {
    const days = buildCalendar(paused, checkIns, at('2026-03-16T12:00:00Z')).days;
    expect(days.find((d) => d.date === '2026-03-22')?.status).toBe('paused-checkin');
    // On 03-16 period 2 (03-15) is open and not done: it is the next check-in, overdue.
    expect(nextCheckIn(paused, checkIns, at('2026-03-16T12:00:00Z'))?.date).toBe('2026-03-15');
    // Once period 2 is done, the next is period 4, not the paused period 3.
    const done = [...checkIns, onDate('2026-03-16')];
    expect(nextCheckIn(paused, done, at('2026-03-16T12:00:00Z'))?.date).toBe('2026-03-29');
  });

  it('leaves the formula as it was without pauses', () => {
    const plain = projectSchedule(example);
    expect(checkInCounts(plain, checkIns, ended)).toEqual({ total: 5, missed: 2, completed: 3, paused: 0 });
  });
});

describe('ending early', () => {
  const endedAt = at('2026-03-10T15:00:00Z');
  const early = projectSchedule({ ...example, endedEarlyAt: endedAt });

  it('counts every unsatisfied period missed from the moment it ends: m = t − satisfied', () => {
    expect(checkInCounts(early, checkIns.slice(0, 2), at('2026-03-10T14:59:59Z'))).toEqual({
      total: 5,
      missed: 0,
      completed: 2,
      paused: 0,
    });
    expect(checkInCounts(early, checkIns.slice(0, 2), endedAt)).toEqual({
      total: 5,
      missed: 3,
      completed: 2,
      paused: 0,
    });
  });

  it('keeps t as agreed and honours pauses', () => {
    const pausedEarly = projectSchedule({ ...example, pausedPeriods: [3], endedEarlyAt: endedAt });
    expect(checkInCounts(pausedEarly, checkIns.slice(0, 2), endedAt)).toEqual({
      total: 4,
      missed: 2,
      completed: 2,
      paused: 1,
    });
  });

  it('makes the project ended in the summary, with no next check-in', () => {
    const summary = projectSummary({ ...example, endedEarlyAt: endedAt }, checkIns.slice(0, 2), endedAt);
    expect(summary).toMatchObject({ status: 'completed', ended: true, endedEarly: true, daysLeft: 0 });
    expect(summary.nextCheckIn).toBeNull();
    expect(summary.progressPercent).toBe(100);
    expect(summary.endsAt).toEqual(endedAt);
    const before = projectSummary({ ...example, endedEarlyAt: endedAt }, [], at('2026-03-09T00:00:00Z'));
    expect(before).toMatchObject({ status: 'active', ended: false, endedEarly: false });
  });

  it('is refused once cancelled or ended', () => {
    expect(endEarlyRefusal({ cancelled: false, ended: false })).toBeNull();
    expect(endEarlyRefusal({ cancelled: true, ended: false })).toBe(ENDING_MESSAGES.alreadyCancelled);
    expect(endEarlyRefusal({ cancelled: false, ended: true })).toBe(ENDING_MESSAGES.alreadyEnded);
  });
});

describe('cancelling', () => {
  const createdAt = at('2026-03-01T09:00:00Z');
  const fresh = { createdAt, checkInsBesidesAutomatic: 0, donations: 0, cancelled: false, ended: false };

  it('is allowed for 24 hours, with no check-in besides the automatic one and no donation', () => {
    expect(cancelRefusal(fresh, createdAt)).toBeNull();
    expect(cancelRefusal(fresh, createdAt.getTime() + CANCEL_WINDOW_MS - 1)).toBeNull();
    expect(cancelRefusal(fresh, createdAt.getTime() + CANCEL_WINDOW_MS)).toBe(ENDING_MESSAGES.cancelWindow);
    expect(cancelRefusal({ ...fresh, checkInsBesidesAutomatic: 1 }, createdAt)).toBe(
      ENDING_MESSAGES.cancelCheckedIn,
    );
    expect(cancelRefusal({ ...fresh, donations: 1 }, createdAt)).toBe(ENDING_MESSAGES.cancelDonations);
    expect(cancelRefusal({ ...fresh, cancelled: true }, createdAt)).toBe(ENDING_MESSAGES.alreadyCancelled);
  });

  it('refunds the deposit in full and keeps the fee', () => {
    expect(cancellation(2_000)).toEqual({ refundToCardCents: 2_000, feeKeptCents: 170 });
    expect(cancellation(3_333)).toEqual({ refundToCardCents: 3_333, feeKeptCents: 223 });
  });
});

// Properties over random projects, pauses, check-ins and early ends.
const timezone = fc.constantFrom(...TIMEZONES.map((zone) => zone.value), 'Asia/Kathmandu');
const scenario = fc
  .record({
    createdAt: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }).map((t) => new Date(t)),
    totalLengthDays: fc.integer({ min: 2, max: 31 }),
    checkInFrequencyDays: fc.integer({ min: 1, max: 15 }),
    timezone,
  })
  .filter((p) => p.checkInFrequencyDays * 2 <= p.totalLengthDays)
  .chain((p: ScheduleProject & { totalLengthDays: number }) => {
    const t = projectSchedule(p).checkInDates.length;
    const start = localDateOf(p.createdAt, p.timezone ?? 'UTC');
    return fc.record({
      project: fc.constant(p),
      // Any set of later periods within the budget.
      paused: fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, t - 1) }), { maxLength: pauseBudget(t) }),
      checkIns: fc.array(
        fc
          .integer({ min: 0, max: p.totalLengthDays - 1 })
          .map((offset) => ({ checkInProjectDate: addDays(start, offset), createdAt: p.createdAt })),
        { maxLength: 20 },
      ),
      nowOffsetHours: fc.integer({ min: 0, max: (p.totalLengthDays + 2) * 24 }),
      endEarlyOffsetHours: fc.option(fc.integer({ min: 1, max: p.totalLengthDays * 24 }), { nil: null }),
      poolCents: fc.integer({ min: 1_000, max: 10_000_000 }),
    });
  })
  .map((s) => ({ ...s, paused: s.paused.filter((k) => k < projectSchedule(s.project).checkInDates.length) }));

const scheduleOf = (s: { project: ScheduleProject; endEarlyOffsetHours: number | null }, paused: number[]) =>
  projectSchedule({
    ...s.project,
    pausedPeriods: paused,
    endedEarlyAt:
      s.endEarlyOffsetHours === null
        ? null
        : new Date(s.project.createdAt.getTime() + s.endEarlyOffsetHours * 3_600_000),
  });
const nowOf = (s: { project: ScheduleProject; nowOffsetHours: number }) =>
  new Date(s.project.createdAt.getTime() + s.nowOffsetHours * 3_600_000);

describe('pause and early-end properties', () => {
  it('every cent of P ends in R or F, R never above P, and t′ ≥ 1', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const split = settlementAt(scheduleOf(s, s.paused), s.checkIns, nowOf(s), {
          poolCents: s.poolCents,
          depositCents: Math.min(s.poolCents, 100_000),
        });
        expect(split.refundCents + split.forfeitCents).toBe(s.poolCents);
        expect(split.refundCents).toBeGreaterThanOrEqual(0);
        expect(split.refundCents).toBeLessThanOrEqual(s.poolCents);
        expect(split.refundToCardCents + split.payoutCents).toBe(split.refundCents);
        expect(split.counts.total).toBeGreaterThanOrEqual(1);
        expect(split.counts.missed + split.counts.completed).toBeLessThanOrEqual(split.counts.total);
      }),
    );
  });

  it('pausing a period with no check-in never lowers the final R', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const schedule = scheduleOf(s, s.paused);
        // At settlement: after the end (or the early end), when every period is closed. (While a period is
        // open it counts as neither done nor missed, so a live figure can move either way.)
        const settledAt = new Date(schedule.endsAt.getTime() + 1);
        const money = { poolCents: s.poolCents, depositCents: Math.min(s.poolCents, 100_000) };
        for (const k of s.paused) {
          const without = scheduleOf(
            s,
            s.paused.filter((j) => j !== k),
          );
          const hasCheckIn = s.checkIns.some((c) => {
            const first = schedule.checkInDates[k]!;
            const next = schedule.checkInDates[k + 1];
            return c.checkInProjectDate >= first && (next === undefined || c.checkInProjectDate < next);
          });
          if (hasCheckIn) continue;
          const withPause = settlementAt(schedule, s.checkIns, settledAt, money).refundCents;
          const withoutPause = settlementAt(without, s.checkIns, settledAt, money).refundCents;
          expect(withPause).toBeGreaterThanOrEqual(withoutPause);
        }
      }),
    );
  });

  it('an early end counts every unsatisfied period missed: m = t′ − completed', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        if (s.endEarlyOffsetHours === null) return;
        const schedule = scheduleOf(s, s.paused);
        const after = new Date(schedule.endedEarlyAt!.getTime());
        const counts = checkInCounts(schedule, s.checkIns, after);
        expect(counts.missed).toBe(counts.total - counts.completed);
      }),
    );
  });

  it('pausing one period after another never exceeds the budget', () => {
    fc.assert(
      fc.property(scenario, fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }), (s, tries) => {
        let paused: number[] = [];
        const now = new Date(s.project.createdAt.getTime() - DAY);
        for (const k of tries) {
          if (pauseRefusal(scheduleOf({ ...s, endEarlyOffsetHours: null }, paused), k, now) === null)
            paused = [...paused, k];
        }
        const t = projectSchedule(s.project).checkInDates.length;
        expect(paused.length).toBeLessThanOrEqual(pauseBudget(t));
        expect(paused.every((k) => k >= 1 && k < t)).toBe(true);
      }),
    );
  });
});
