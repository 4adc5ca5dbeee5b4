import { describe, expect, it } from 'vitest';
import { CALENDAR_LEGEND, WEEKDAYS, buildCalendar, projectSchedule } from '../src/index.ts';
import type { CalendarDay } from '../src/index.ts';

const at = (iso: string) => new Date(iso);
const onDate = (date: string) => ({ checkInProjectDate: date, createdAt: at('2000-01-01T00:00:00Z') });

const example = projectSchedule({
  createdAt: at('2026-03-01T09:30:00Z'),
  totalLengthDays: 30,
  checkInFrequencyDays: 7,
});
const checkIns = [onDate('2026-03-01'), onDate('2026-03-10'), onDate('2026-03-30')];

function statusOf(days: CalendarDay[], date: string): string | undefined {
  return days.find((day) => day.date === date)?.status;
}

describe('calendar', () => {
  it('has Sun–Sat columns and a legend', () => {
    expect(WEEKDAYS).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(CALENDAR_LEGEND.map((entry) => entry.label)).toEqual([
      'Completed',
      'Missed',
      'Today',
      'Check-in scheduled',
      'Regular day',
    ]);
  });

  it('lists every day from start to end', () => {
    const calendar = buildCalendar(example, checkIns, at('2026-03-16T10:00:00Z'));
    expect(calendar.days).toHaveLength(30);
    expect(calendar.days[0]?.date).toBe('2026-03-01');
    expect(calendar.days[29]?.date).toBe('2026-03-30');
  });

  it('needs no padding when the project starts on a Sunday', () => {
    const calendar = buildCalendar(example, checkIns, at('2026-03-16T10:00:00Z'));
    expect(calendar.cells[0]).toMatchObject({ date: '2026-03-01' });
    expect(calendar.weeks).toHaveLength(5);
    expect(calendar.weeks[4]).toHaveLength(2);
  });

  it('pads with empty cells before the first weekday column', () => {
    const wednesday = projectSchedule({
      createdAt: at('2026-03-04T12:00:00Z'),
      totalLengthDays: 10,
      checkInFrequencyDays: 3,
    });
    const calendar = buildCalendar(wednesday, [], at('2026-03-05T12:00:00Z'));
    expect(calendar.cells.slice(0, 3)).toEqual([
      { date: null, status: 'empty' },
      { date: null, status: 'empty' },
      { date: null, status: 'empty' },
    ]);
    expect(calendar.cells[3]).toMatchObject({ date: '2026-03-04', status: 'completed-checkin' });
    expect(calendar.weeks[0]).toHaveLength(7);
  });

  it('marks statuses mid-project', () => {
    const { days } = buildCalendar(example, [onDate('2026-03-01')], at('2026-03-16T10:00:00Z'));
    expect(statusOf(days, '2026-03-01')).toBe('completed-checkin');
    expect(statusOf(days, '2026-03-02')).toBe('past-non-checkin');
    expect(statusOf(days, '2026-03-08')).toBe('missed-checkin');
    expect(statusOf(days, '2026-03-15')).toBe('future-checkin'); // its period is still open
    expect(statusOf(days, '2026-03-16')).toBe('today');
    expect(statusOf(days, '2026-03-17')).toBe('past-non-checkin'); // a regular day
    expect(statusOf(days, '2026-03-22')).toBe('future-checkin');
  });

  it('marks a satisfied check-in date completed, whichever day of the period had the check-in', () => {
    const { days } = buildCalendar(example, checkIns, at('2026-04-05T10:00:00Z'));
    expect(days.filter((day) => day.isCheckInDate).map((day) => day.status)).toEqual([
      'completed-checkin',
      'completed-checkin',
      'missed-checkin',
      'missed-checkin',
      'completed-checkin',
    ]);
    expect(days.find((day) => day.date === '2026-03-08')).toMatchObject({ hasCheckIn: true, isPast: true });
  });

  it('shows a check-in date that is today by its check-in status', () => {
    const { days } = buildCalendar(example, [], at('2026-03-08T10:00:00Z'));
    expect(days.find((day) => day.date === '2026-03-08')).toMatchObject({
      status: 'future-checkin',
      isToday: true,
      isPast: false,
      isFuture: false,
      isCheckInDate: true,
      hasCheckIn: false,
    });
  });

  it('always shows the start day as completed', () => {
    const { days } = buildCalendar(example, [], at('2026-04-05T10:00:00Z'));
    expect(days[0]).toMatchObject({ status: 'completed-checkin', hasCheckIn: true });
  });

  it('sets the past / future / today flags from the local date', () => {
    const tokyo = projectSchedule({
      createdAt: at('2026-03-01T00:00:00Z'),
      totalLengthDays: 5,
      checkInFrequencyDays: 2,
      timezone: 'Asia/Tokyo',
    });
    const { days } = buildCalendar(tokyo, [], at('2026-03-02T16:00:00Z')); // 2026-03-03 01:00 in Tokyo
    expect(days.find((day) => day.isToday)?.date).toBe('2026-03-03');
    expect(days.filter((day) => day.isPast).map((day) => day.date)).toEqual(['2026-03-01', '2026-03-02']);
    expect(days.filter((day) => day.isFuture)).toHaveLength(2);
  });
});
