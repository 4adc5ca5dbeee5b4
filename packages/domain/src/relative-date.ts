// Relative date labels and colours (RULES.md "Relative dates"). Inputs are local dates; callers pass
// `today` = localDateOf(now, timezone).
import { daysBetween, localDateOf, type LocalDate } from './local-date.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Mar 1, 2026' (or 'March 1, 2026' with `long`). Deterministic, independent of the runtime locale. */
export function formatLocalDate(date: LocalDate, options: { long?: boolean } = {}): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const name = options.long ? LONG_MONTHS[month - 1] : MONTHS[month - 1];
  return `${name} ${day}, ${year}`;
}

/** The date of an instant in a timezone, formatted: 'Mar 1, 2026'. */
export function formatInstantDate(
  instant: Date | number,
  timeZone: string,
  options: { long?: boolean } = {},
): string {
  return formatLocalDate(localDateOf(instant, timeZone), options);
}

/** A due date relative to today: 'Overdue' (past), 'Today', 'Tomorrow', 'In N days'. */
export function dueLabel(date: LocalDate, today: LocalDate): string {
  const days = daysBetween(today, date);
  if (days < 0) return 'Overdue';
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

/** A past date relative to today: 'Today', 'Yesterday', 'N days ago' (N < 7), else 'Mar 1, 2026'. */
export function pastLabel(date: LocalDate, today: LocalDate): string {
  const days = daysBetween(date, today);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return `${days} days ago`;
  return formatLocalDate(date);
}

export type DateColour = 'red' | 'yellow' | 'orange' | 'green';

/** Red when overdue, yellow today, orange within 2 days, green otherwise. */
export function dueColour(date: LocalDate, today: LocalDate): DateColour {
  const days = daysBetween(today, date);
  if (days < 0) return 'red';
  if (days === 0) return 'yellow';
  if (days <= 2) return 'orange';
  return 'green';
}
