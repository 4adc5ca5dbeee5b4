// Property tests (fast-check) of the rules' invariants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_STATUSES,
  TIMEZONES,
  addDays,
  adjustFrequency,
  buildCalendar,
  centsToDecimalString,
  checkInCounts,
  daysBetween,
  donationSplit,
  endOfLocalDay,
  formatCents,
  frequencyError,
  frequencyOptions,
  localDateOf,
  parseDollarsToCents,
  progressPercent,
  projectBounds,
  projectSchedule,
  refundCents,
  settle,
  startOfLocalDay,
  toDays,
  totalCheckIns,
  weekdayOf,
} from '../src/index.ts';
import type { LengthUnit, ScheduleCheckIn, ScheduleProject } from '../src/index.ts';

const DAY = 86_400_000;
const MIN_TIME = Date.UTC(2020, 0, 1);
const MAX_TIME = Date.UTC(2032, 11, 31);

const cents = fc.integer({ min: 0, max: 1_000_000_000_000 });
const timezone = fc.constantFrom(
  ...TIMEZONES.map((zone) => zone.value),
  'America/Santiago',
  'Asia/Kathmandu',
);
const instant = fc.integer({ min: MIN_TIME, max: MAX_TIME });
const localDate = instant.map((t) => new Date(t).toISOString().slice(0, 10));

const project = fc.record({
  createdAt: instant.map((t) => new Date(t)),
  totalLengthDays: fc.option(fc.integer({ min: 1, max: 366 }), { nil: null }),
  checkInFrequencyDays: fc.option(fc.integer({ min: 1, max: 35 }), { nil: null }),
  timezone,
});

const scenario = project.chain((p: ScheduleProject) =>
  fc.record({
    project: fc.constant(p),
    checkIns: fc.array(
      fc.oneof(
        fc
          .integer({ min: -5, max: 400 })
          .map((offset): ScheduleCheckIn => ({ createdAt: new Date(p.createdAt.getTime() + offset * DAY) })),
        fc.integer({ min: -3, max: 400 }).map((offset): ScheduleCheckIn => ({
          checkInProjectDate: addDays(localDateOf(p.createdAt, p.timezone ?? 'UTC'), offset),
          createdAt: p.createdAt,
        })),
      ),
      { maxLength: 30 },
    ),
    now: fc
      .integer({ min: -10, max: 420 })
      .map((offset) => new Date(p.createdAt.getTime() + offset * DAY + 3_600_000)),
  }),
);

describe('money properties', () => {
  it('refund + forfeit = pool, and 0 ≤ refund ≤ pool', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 400 }), fc.nat(400), (pool, total, missedRaw) => {
        const missed = missedRaw % (total + 1);
        const s = settle({
          poolCents: pool,
          depositCents: Math.min(pool, 100_000),
          totalCheckIns: total,
          missedCheckIns: missed,
        });
        expect(s.refundCents + s.forfeitCents).toBe(pool);
        expect(s.refundCents).toBeGreaterThanOrEqual(0);
        expect(s.refundCents).toBeLessThanOrEqual(pool);
        expect(s.refundToCardCents + s.payoutCents).toBe(s.refundCents);
        expect(s.refundToCardCents).toBeLessThanOrEqual(Math.min(pool, 100_000));
        expect(Number.isSafeInteger(s.refundCents)).toBe(true);
      }),
    );
  });

  it('one more missed period never raises the refund', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 400 }), fc.nat(400), (pool, total, missedRaw) => {
        const missed = missedRaw % total;
        expect(refundCents(pool, total, missed + 1)).toBeLessThanOrEqual(refundCents(pool, total, missed));
      }),
    );
  });

  it('format and parse round-trip', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(parseDollarsToCents(formatCents(amount))).toBe(amount);
        expect(parseDollarsToCents(centsToDecimalString(amount))).toBe(amount);
      }),
    );
  });

  it("a donation's two shares sum to the donation, the creator getting floor(80%)", () => {
    fc.assert(
      fc.property(cents, (amount) => {
        const { creatorCents, platformCents } = donationSplit(amount);
        expect(creatorCents + platformCents).toBe(amount);
        expect(creatorCents).toBeGreaterThanOrEqual(0);
        expect(platformCents).toBeGreaterThanOrEqual(0);
        expect(creatorCents * 100).toBeLessThanOrEqual(amount * 80);
        expect((creatorCents + 1) * 100).toBeGreaterThan(amount * 80);
      }),
    );
  });
});

describe('schedule properties', () => {
  it('missed + completed ≤ total, and t matches the formula', () => {
    fc.assert(
      fc.property(scenario, ({ project: p, checkIns, now }) => {
        const schedule = projectSchedule(p);
        const counts = checkInCounts(schedule, checkIns, now);
        expect(counts.missed + counts.completed).toBeLessThanOrEqual(counts.total);
        expect(counts.completed).toBeGreaterThanOrEqual(1);
        expect(counts.total).toBe(totalCheckIns(schedule.lengthDays, schedule.frequencyDays));
        expect(schedule.lengthDays).toBe(p.totalLengthDays ?? 30);
      }),
    );
  });

  it('projectBounds is projectSchedule without its check-in dates', () => {
    fc.assert(
      fc.property(project, (p) => {
        const { checkInDates, paused: _paused, ...bounds } = projectSchedule(p);
        expect(projectBounds(p)).toEqual(bounds);
        expect(checkInDates[0]).toBe(bounds.startDate);
      }),
    );
  });

  it('once ended, every period is completed or missed', () => {
    fc.assert(
      fc.property(scenario, ({ project: p, checkIns }) => {
        const schedule = projectSchedule(p);
        const counts = checkInCounts(schedule, checkIns, schedule.endsAt.getTime() + 1);
        expect(counts.missed + counts.completed).toBe(counts.total);
      }),
    );
  });

  it('every calendar day has exactly one status', () => {
    fc.assert(
      fc.property(scenario, ({ project: p, checkIns, now }) => {
        const schedule = projectSchedule(p);
        const calendar = buildCalendar(schedule, checkIns, now);
        expect(calendar.days).toHaveLength(schedule.lengthDays);
        expect(new Set(calendar.days.map((day) => day.date)).size).toBe(calendar.days.length);
        for (const day of calendar.days) {
          expect(CALENDAR_STATUSES).toContain(day.status);
          expect(day.status).not.toBe('empty');
          expect([day.isPast, day.isToday, day.isFuture].filter(Boolean)).toHaveLength(1);
        }
        expect(calendar.days[0]?.status).toBe('completed-checkin');
        const padding = calendar.cells.length - calendar.days.length;
        expect(padding).toBe(weekdayOf(schedule.startDate));
        expect(calendar.cells.slice(0, padding).every((cell) => cell.status === 'empty')).toBe(true);
        expect(calendar.days.filter((day) => day.isCheckInDate)).toHaveLength(schedule.checkInDates.length);
      }),
    );
  });

  it('progress stays in 0..99 until the end, then 100', () => {
    fc.assert(
      fc.property(scenario, ({ project: p, now }) => {
        const { startsAt, endsAt } = projectSchedule(p);
        const percent = progressPercent(startsAt, endsAt, now);
        if (now.getTime() > endsAt.getTime()) expect(percent).toBe(100);
        else {
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(99);
        }
      }),
    );
  });
});

describe('time properties', () => {
  it('a local day starts and ends on that day, 23 to 25 hours apart', () => {
    fc.assert(
      fc.property(localDate, timezone, (date, zone) => {
        const start = startOfLocalDay(date, zone).getTime();
        const end = endOfLocalDay(date, zone).getTime();
        expect(localDateOf(start, zone)).toBe(date);
        expect(localDateOf(end, zone)).toBe(date);
        expect(localDateOf(start - 1, zone)).toBe(addDays(date, -1));
        expect(localDateOf(end + 1, zone)).toBe(addDays(date, 1));
        expect(end + 1 - start).toBeGreaterThanOrEqual(23 * 3_600_000);
        expect(end + 1 - start).toBeLessThanOrEqual(25 * 3_600_000);
      }),
    );
  });

  it('localDateOf agrees with Intl at any instant, including around transitions', () => {
    const transitions = [
      Date.UTC(2026, 2, 8, 7),
      Date.UTC(2026, 10, 1, 6),
      Date.UTC(2026, 2, 29, 1),
      Date.UTC(2026, 9, 25, 1),
      Date.UTC(2026, 3, 5, 16),
      Date.UTC(2025, 8, 7, 4),
    ];
    const near = fc
      .tuple(fc.constantFrom(...transitions), fc.integer({ min: -7_200_000, max: 7_200_000 }))
      .map(([t, delta]) => t + delta);
    fc.assert(
      fc.property(fc.oneof(instant, near), timezone, (t, zone) => {
        const expected = new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(t);
        expect(localDateOf(t, zone)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('addDays and daysBetween are inverse', () => {
    fc.assert(
      fc.property(localDate, fc.integer({ min: -1000, max: 1000 }), (date, days) => {
        expect(daysBetween(date, addDays(date, days))).toBe(days);
      }),
    );
  });
});

describe('frequency properties', () => {
  const unit = fc.constantFrom<LengthUnit>('days', 'weeks', 'months');
  it('adjusting the frequency yields one that fits whenever any does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 31 }),
        unit,
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('days' as const, 'weeks' as const),
        (lv, lu, fv, fu) => {
          const lengthDays = toDays(lv, lu);
          const adjusted = adjustFrequency(lv, lu, { value: fv, unit: fu });
          if (frequencyOptions(lengthDays, 'days').length > 0) {
            expect(frequencyError(lv, lu, adjusted.value, adjusted.unit)).toBeNull();
          }
          if (frequencyError(lv, lu, fv, fu) === null) expect(adjusted).toEqual({ value: fv, unit: fu });
        },
      ),
    );
  });
});
