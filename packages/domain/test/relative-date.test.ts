import { describe, expect, it } from 'vitest';
import { dueColour, dueLabel, formatInstantDate, formatLocalDate, pastLabel } from '../src/index.ts';

const today = '2026-03-16';

describe('relative dates', () => {
  it.each([
    ['2026-03-15', 'Overdue', 'red'],
    ['2026-01-01', 'Overdue', 'red'],
    ['2026-03-16', 'Today', 'yellow'],
    ['2026-03-17', 'Tomorrow', 'orange'],
    ['2026-03-18', 'In 2 days', 'orange'],
    ['2026-03-19', 'In 3 days', 'green'],
    ['2026-04-15', 'In 30 days', 'green'],
  ])('due %s is %s, %s', (date, label, colour) => {
    expect(dueLabel(date, today)).toBe(label);
    expect(dueColour(date, today)).toBe(colour);
  });

  it.each([
    ['2026-03-16', 'Today'],
    ['2026-03-15', 'Yesterday'],
    ['2026-03-14', '2 days ago'],
    ['2026-03-10', '6 days ago'],
    ['2026-03-09', 'Mar 9, 2026'],
    ['2025-12-25', 'Dec 25, 2025'],
  ])('past %s is %s', (date, label) => {
    expect(pastLabel(date, today)).toBe(label);
  });

  it('crosses month and leap-day boundaries', () => {
    expect(dueLabel('2028-03-01', '2028-02-28')).toBe('In 2 days');
    expect(pastLabel('2028-02-29', '2028-03-01')).toBe('Yesterday');
  });

  it('formats dates without depending on the runtime locale', () => {
    expect(formatLocalDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatLocalDate('2025-10-21', { long: true })).toBe('October 21, 2025');
    expect(formatInstantDate(new Date('2026-03-01T10:00:00Z'), 'Pacific/Pago_Pago')).toBe('Feb 28, 2026');
  });
});
