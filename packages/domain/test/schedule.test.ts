import { describe, expect, it } from 'vitest';
import {
  checkInCounts,
  checkInDateOf,
  endDateFor,
  nextCheckIn,
  periodIndexOf,
  periodRange,
  periods,
  projectSchedule,
  projectSummary,
  satisfiedPeriods,
  totalCheckIns,
} from '../src/index.ts';
import type { ScheduleCheckIn, ScheduleProject } from '../src/index.ts';

const at = (iso: string) => new Date(iso);
const checkInAt = (iso: string): ScheduleCheckIn => ({ createdAt: at(iso) });
const onDate = (date: string): ScheduleCheckIn => ({
  checkInProjectDate: date,
  createdAt: at('2000-01-01T00:00:00Z'),
});

// RULES.md example: created 2026-03-01 (UTC), 30 days, every 7 days.
const example: ScheduleProject = {
  createdAt: at('2026-03-01T09:30:00Z'),
  totalLengthDays: 30,
  checkInFrequencyDays: 7,
  timezone: 'UTC',
};
const exampleCheckIns = [checkInAt('2026-03-01T09:30:00Z'), onDate('2026-03-10'), onDate('2026-03-30')];

describe('the RULES.md example', () => {
  const schedule = projectSchedule(example);

  it('starts at local 00:00 of creation and ends at start + L − 1, 23:59:59.999', () => {
    expect(schedule.startDate).toBe('2026-03-01');
    expect(schedule.startsAt.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(schedule.endDate).toBe('2026-03-30');
    expect(schedule.endsAt.toISOString()).toBe('2026-03-30T23:59:59.999Z');
  });

  it('has check-in dates 03-01, 03-08, 03-15, 03-22, 03-29 (t = 5)', () => {
    expect(schedule.checkInDates).toEqual([
      '2026-03-01',
      '2026-03-08',
      '2026-03-15',
      '2026-03-22',
      '2026-03-29',
    ]);
    expect(totalCheckIns(30, 7)).toBe(5);
  });

  it('satisfies periods 0, 1 and 4 and misses 2 and 3 once ended (m = 2)', () => {
    expect([...satisfiedPeriods(schedule, exampleCheckIns)].sort()).toEqual([0, 1, 4]);
    expect(checkInCounts(schedule, exampleCheckIns, at('2026-03-31T00:00:00Z'))).toEqual({
      total: 5,
      missed: 2,
      completed: 3,
      paused: 0,
    });
  });

  it('has periods covering [d_k, d_(k+1) − 1], the last ending at the end date', () => {
    expect(periodRange(schedule, 0)).toEqual({ first: '2026-03-01', last: '2026-03-07' });
    expect(periodRange(schedule, 3)).toEqual({ first: '2026-03-22', last: '2026-03-28' });
    expect(periodRange(schedule, 4)).toEqual({ first: '2026-03-29', last: '2026-03-30' });
    expect(periodIndexOf(schedule, '2026-03-07')).toBe(0);
    expect(periodIndexOf(schedule, '2026-03-08')).toBe(1);
    expect(periodIndexOf(schedule, '2026-03-30')).toBe(4);
    expect(periodIndexOf(schedule, '2026-03-31')).toBeNull();
    expect(periodIndexOf(schedule, '2026-02-28')).toBeNull();
  });

  it('counts missed periods only once their last day is before today', () => {
    const checkIns = [checkInAt('2026-03-01T09:30:00Z')];
    expect(checkInCounts(schedule, checkIns, at('2026-03-14T23:59:59Z')).missed).toBe(0);
    expect(checkInCounts(schedule, checkIns, at('2026-03-15T00:00:00Z')).missed).toBe(1);
    expect(checkInCounts(schedule, checkIns, at('2026-03-29T00:00:00Z')).missed).toBe(3);
    expect(checkInCounts(schedule, checkIns, at('2026-03-31T00:00:00Z')).missed).toBe(4);
  });

  it('counts a late check-in for the period it falls in, never for the missed one', () => {
    const lateForPeriod1 = [onDate('2026-03-15')];
    const counts = checkInCounts(schedule, lateForPeriod1, at('2026-03-16T12:00:00Z'));
    expect(counts).toEqual({ total: 5, missed: 1, completed: 2, paused: 0 });
    expect(periods(schedule, lateForPeriod1, at('2026-03-16T12:00:00Z')).map((p) => p.state)).toEqual([
      'completed',
      'missed',
      'completed',
      'open',
      'open',
    ]);
  });

  it('counts several check-ins in one period once', () => {
    const many = [onDate('2026-03-08'), onDate('2026-03-09'), onDate('2026-03-14')];
    expect(checkInCounts(schedule, many, at('2026-03-31T00:00:00Z'))).toEqual({
      total: 5,
      missed: 3,
      completed: 2,
      paused: 0,
    });
  });

  it('always satisfies period 0, even without the automatic check-in', () => {
    expect(checkInCounts(schedule, [], at('2026-03-08T00:00:00Z'))).toEqual({
      total: 5,
      missed: 0,
      completed: 1,
      paused: 0,
    });
  });

  it('ignores check-ins outside the project', () => {
    const outside = [onDate('2026-02-27'), onDate('2026-03-31')];
    expect(checkInCounts(schedule, outside, at('2026-04-01T00:00:00Z'))).toEqual({
      total: 5,
      missed: 4,
      completed: 1,
      paused: 0,
    });
  });

  it('dates a check-in by its project date, else by the local date of creation', () => {
    expect(
      checkInDateOf({ checkInProjectDate: '2026-03-05', createdAt: at('2026-03-09T00:00:00Z') }, 'UTC'),
    ).toBe('2026-03-05');
    expect(
      checkInDateOf({ checkInProjectDate: null, createdAt: at('2026-03-09T03:00:00Z') }, 'America/Chicago'),
    ).toBe('2026-03-08');
    expect(
      checkInDateOf({ checkInProjectDate: 'garbage', createdAt: at('2026-03-09T03:00:00Z') }, 'UTC'),
    ).toBe('2026-03-09');
  });
});

describe('next check-in', () => {
  const schedule = projectSchedule(example);
  const auto = [checkInAt('2026-03-01T09:30:00Z')];

  it('is the next d_k while the current period is satisfied', () => {
    expect(nextCheckIn(schedule, auto, at('2026-03-02T10:00:00Z'))).toEqual({
      date: '2026-03-08',
      overdue: false,
      label: 'In 6 days',
      colour: 'green',
    });
    expect(nextCheckIn(schedule, auto, at('2026-03-07T10:00:00Z'))?.label).toBe('Tomorrow');
  });

  it('is the current d_k, due today, on the check-in date', () => {
    expect(nextCheckIn(schedule, auto, at('2026-03-08T10:00:00Z'))).toEqual({
      date: '2026-03-08',
      overdue: false,
      label: 'Today',
      colour: 'yellow',
    });
  });

  it('is overdue when the current period has passed its d_k without a check-in', () => {
    expect(nextCheckIn(schedule, auto, at('2026-03-10T10:00:00Z'))).toEqual({
      date: '2026-03-08',
      overdue: true,
      label: 'Overdue',
      colour: 'red',
    });
  });

  it('moves on once the current period has a check-in', () => {
    expect(nextCheckIn(schedule, [...auto, onDate('2026-03-10')], at('2026-03-10T10:00:00Z'))?.date).toBe(
      '2026-03-15',
    );
  });

  it('is none in the last period once it is satisfied, and none after the end', () => {
    const done = [...auto, onDate('2026-03-29')];
    expect(nextCheckIn(schedule, done, at('2026-03-29T12:00:00Z'))).toBeNull();
    expect(nextCheckIn(schedule, auto, at('2026-03-31T00:00:00Z'))).toBeNull();
  });

  it('points at d_1 before the project starts', () => {
    expect(nextCheckIn(schedule, [], at('2026-02-27T00:00:00Z'))?.date).toBe('2026-03-08');
  });
});

describe('edges', () => {
  it('a month-long project: 1 month = 30 days', () => {
    const schedule = projectSchedule({
      createdAt: at('2026-01-15T12:00:00Z'),
      totalLengthDays: 30,
      checkInFrequencyDays: 7,
    });
    expect(schedule.endDate).toBe('2026-02-13');
    expect(schedule.checkInDates).toEqual([
      '2026-01-15',
      '2026-01-22',
      '2026-01-29',
      '2026-02-05',
      '2026-02-12',
    ]);
  });

  it('frequency equal to half the length gives two check-ins', () => {
    const schedule = projectSchedule({
      createdAt: at('2026-05-01T12:00:00Z'),
      totalLengthDays: 30,
      checkInFrequencyDays: 15,
    });
    expect(schedule.checkInDates).toEqual(['2026-05-01', '2026-05-16']);
    expect(totalCheckIns(30, 15)).toBe(2);
    expect(totalCheckIns(14, 7)).toBe(2);
    expect(totalCheckIns(2, 1)).toBe(2);
  });

  it('defaults to 30 days and every 7 days when length or frequency is absent', () => {
    const schedule = projectSchedule({ createdAt: at('2026-03-01T00:00:00Z') });
    expect(schedule.lengthDays).toBe(30);
    expect(schedule.frequencyDays).toBe(7);
    expect(schedule.endDate).toBe('2026-03-30');
    expect(schedule.timezone).toBe('UTC');
  });

  it('a check-in at 23:59 local counts for that day, one at 00:00 for the next', () => {
    const ny: ScheduleProject = {
      createdAt: at('2026-03-01T15:00:00Z'),
      totalLengthDays: 28,
      checkInFrequencyDays: 7,
      timezone: 'America/New_York',
    };
    const schedule = projectSchedule(ny);
    // Period 1 is 03-08..03-14 local (EDT from 03-08).
    const at2359 = checkInAt('2026-03-15T03:59:00Z'); // 2026-03-14 23:59 EDT
    const at0000 = checkInAt('2026-03-15T04:00:00Z'); // 2026-03-15 00:00 EDT
    expect(checkInDateOf(at2359, 'America/New_York')).toBe('2026-03-14');
    expect(checkInDateOf(at0000, 'America/New_York')).toBe('2026-03-15');
    const afterEnd = at('2026-04-01T00:00:00Z');
    expect(satisfiedPeriods(schedule, [at2359]).has(1)).toBe(true);
    expect(checkInCounts(schedule, [at2359], afterEnd).missed).toBe(2);
    expect(satisfiedPeriods(schedule, [at0000]).has(1)).toBe(false);
    expect(satisfiedPeriods(schedule, [at0000]).has(2)).toBe(true);
  });

  it('a project in UTC−11 starts on the local date of creation', () => {
    const samoa = projectSchedule({
      createdAt: at('2026-03-01T10:00:00Z'),
      totalLengthDays: 7,
      checkInFrequencyDays: 3,
      timezone: 'Pacific/Pago_Pago',
    });
    expect(samoa.startDate).toBe('2026-02-28');
    expect(samoa.startsAt.toISOString()).toBe('2026-02-28T11:00:00.000Z');
    expect(samoa.endDate).toBe('2026-03-06');
    expect(samoa.endsAt.toISOString()).toBe('2026-03-07T10:59:59.999Z');
    expect(samoa.checkInDates).toEqual(['2026-02-28', '2026-03-03', '2026-03-06']);
    // 2026-03-03T10:30Z is 2026-03-02 23:30 in Samoa: still period 0.
    expect(satisfiedPeriods(samoa, [checkInAt('2026-03-03T10:30:00Z')]).has(1)).toBe(false);
    expect(satisfiedPeriods(samoa, [checkInAt('2026-03-03T11:30:00Z')]).has(1)).toBe(true);
  });

  it('a project in UTC+14 starts on the local date of creation', () => {
    const line = projectSchedule({
      createdAt: at('2026-03-01T10:00:00Z'),
      totalLengthDays: 7,
      checkInFrequencyDays: 3,
      timezone: 'Pacific/Kiritimati',
    });
    expect(line.startDate).toBe('2026-03-02');
    expect(line.startsAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(line.endsAt.toISOString()).toBe('2026-03-08T09:59:59.999Z');
    const summary = projectSummary(
      {
        createdAt: at('2026-03-01T10:00:00Z'),
        totalLengthDays: 7,
        checkInFrequencyDays: 3,
        timezone: 'Pacific/Kiritimati',
      },
      [],
      at('2026-03-05T10:00:00Z'), // local 03-06: period 1 (03-05..03-07) open, overdue since 03-05
    );
    expect(summary.today).toBe('2026-03-06');
    expect(summary.nextCheckIn).toMatchObject({ date: '2026-03-05', overdue: true });
    expect(summary.missedCheckIns).toBe(0);
  });

  it('a daylight-saving change inside a period does not move dates', () => {
    // Europe/London springs forward on 2026-03-29.
    const london = projectSchedule({
      createdAt: at('2026-03-25T08:00:00Z'),
      totalLengthDays: 14,
      checkInFrequencyDays: 7,
      timezone: 'Europe/London',
    });
    expect(london.checkInDates).toEqual(['2026-03-25', '2026-04-01']);
    expect(london.endsAt.toISOString()).toBe('2026-04-07T22:59:59.999Z'); // 23:59:59.999 BST
    // 2026-03-31 23:30 BST = 22:30Z: still period 0; 2026-04-01 00:30 BST = 2026-03-31 23:30Z: period 1.
    expect(satisfiedPeriods(london, [checkInAt('2026-03-31T22:30:00Z')]).has(1)).toBe(false);
    expect(satisfiedPeriods(london, [checkInAt('2026-03-31T23:30:00Z')]).has(1)).toBe(true);
  });

  it('a fall-back change keeps the end at 23:59:59.999 local', () => {
    const ny = projectSchedule({
      createdAt: at('2026-10-30T16:00:00Z'),
      totalLengthDays: 4,
      checkInFrequencyDays: 2,
      timezone: 'America/New_York',
    });
    expect(ny.endDate).toBe('2026-11-02');
    expect(ny.endsAt.toISOString()).toBe('2026-11-03T04:59:59.999Z'); // EST
  });

  it('29 February counts as a day', () => {
    const leap = projectSchedule({
      createdAt: at('2028-02-22T12:00:00Z'),
      totalLengthDays: 14,
      checkInFrequencyDays: 7,
    });
    expect(leap.checkInDates).toEqual(['2028-02-22', '2028-02-29']);
    expect(leap.endDate).toBe('2028-03-06');
    const fromLeapDay = projectSchedule({
      createdAt: at('2028-02-29T12:00:00Z'),
      totalLengthDays: 30,
      checkInFrequencyDays: 7,
    });
    expect(fromLeapDay.endDate).toBe('2028-03-29');
    expect(projectSchedule({ createdAt: at('2028-02-01T12:00:00Z'), totalLengthDays: 30 }).endDate).toBe(
      '2028-03-01',
    );
    expect(projectSchedule({ createdAt: at('2027-02-01T12:00:00Z'), totalLengthDays: 30 }).endDate).toBe(
      '2027-03-02',
    );
  });

  it('an end date already past: completed, 100%, no next check-in, open periods missed', () => {
    const summary = projectSummary(
      {
        createdAt: at('2025-01-01T12:00:00Z'),
        endDate: at('2025-01-10T23:59:59.999Z'),
        totalLengthDays: 10,
        checkInFrequencyDays: 2,
      },
      [checkInAt('2025-01-01T12:00:00Z'), onDate('2025-01-04')],
      at('2026-03-01T00:00:00Z'),
    );
    expect(summary).toMatchObject({
      status: 'completed',
      listStatus: 'completed',
      ended: true,
      progressPercent: 100,
      progressLabel: 'Completed',
      nextCheckIn: null,
      daysLeft: 0,
      daysLeftBadge: null,
      finishingSoon: false,
      totalCheckIns: 5,
      completedCheckIns: 2,
      missedCheckIns: 3,
    });
  });

  it('an explicit end date wins over the length', () => {
    const schedule = projectSchedule({
      createdAt: at('2026-03-01T12:00:00Z'),
      endDate: at('2026-03-10T23:59:59.999Z'),
      totalLengthDays: 30,
      checkInFrequencyDays: 3,
    });
    expect(schedule.endDate).toBe('2026-03-10');
    expect(schedule.lengthDays).toBe(10);
    expect(schedule.checkInDates).toEqual(['2026-03-01', '2026-03-04', '2026-03-07', '2026-03-10']);
  });

  it('a project ending mid-day counts its last period missed once it has ended', () => {
    const schedule = projectSchedule({
      createdAt: at('2026-03-01T12:00:00Z'),
      endDate: at('2026-03-04T12:00:00Z'),
      checkInFrequencyDays: 2,
    });
    expect(checkInCounts(schedule, [], at('2026-03-04T11:00:00Z')).missed).toBe(0);
    expect(checkInCounts(schedule, [], at('2026-03-04T13:00:00Z')).missed).toBe(1);
  });

  it('an end date before the start leaves one (automatic) period', () => {
    const schedule = projectSchedule({
      createdAt: at('2026-03-05T12:00:00Z'),
      endDate: at('2026-03-01T00:00:00Z'),
    });
    expect(schedule.checkInDates).toEqual(['2026-03-05']);
    expect(
      projectSummary(
        { createdAt: at('2026-03-05T12:00:00Z'), endDate: at('2026-03-01T00:00:00Z') },
        [],
        at('2026-03-06T00:00:00Z'),
      ),
    ).toMatchObject({
      status: 'completed',
      totalCheckIns: 1,
      missedCheckIns: 0,
    });
  });

  it('an invalid timezone computes in UTC', () => {
    expect(projectSchedule({ createdAt: at('2026-03-01T23:30:00Z'), timezone: 'Not/AZone' }).startDate).toBe(
      '2026-03-01',
    );
  });

  it('computes the end instant to store for a new project', () => {
    expect(endDateFor(at('2026-03-01T09:30:00Z'), 30, 'UTC').toISOString()).toBe('2026-03-30T23:59:59.999Z');
    expect(endDateFor(at('2026-03-01T03:00:00Z'), 1, 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-01T07:59:59.999Z',
    );
  });
});

describe('the summary', () => {
  it('puts everything together mid-project', () => {
    const summary = projectSummary(example, exampleCheckIns.slice(0, 2), at('2026-03-16T00:00:00Z'));
    expect(summary).toMatchObject({
      status: 'active',
      listStatus: 'active',
      timezone: 'UTC',
      today: '2026-03-16',
      startDate: '2026-03-01',
      endDate: '2026-03-30',
      lengthDays: 30,
      frequencyDays: 7,
      totalCheckIns: 5,
      missedCheckIns: 0,
      completedCheckIns: 2,
      nextCheckIn: { date: '2026-03-15', overdue: true, label: 'Overdue', colour: 'red' },
      progressPercent: 50,
      progressLabel: 'Getting Close',
      progressBand: 'getting-close',
      daysLeft: 15,
      daysLeftBadge: null,
      finishingSoon: false,
      ended: false,
    });
  });

  it('shows the finishing-soon badge in the last days', () => {
    const summary = projectSummary(example, exampleCheckIns, at('2026-03-29T12:00:00Z'));
    expect(summary.finishingSoon).toBe(true);
    expect(summary.daysLeftBadge).toEqual({ days: 2, colour: 'orange', text: '2 days left' });
  });

  it('is upcoming when created in the future', () => {
    const summary = projectSummary(example, [], at('2026-02-20T00:00:00Z'));
    expect(summary.status).toBe('upcoming');
    expect(summary.listStatus).toBe('active');
    expect(summary.progressPercent).toBe(0);
    expect(summary.missedCheckIns).toBe(0);
  });
});
