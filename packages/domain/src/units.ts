// Project length and check-in frequency: units, options, the half-length rule (RULES.md "Lengths and units").

export const LENGTH_UNITS = ['days', 'weeks', 'months'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

export const FREQUENCY_UNITS = ['days', 'weeks'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

/** Days per unit: a week is 7 days, a month 30. */
export const UNIT_DAYS = { days: 1, weeks: 7, months: 30 } as const satisfies Record<LengthUnit, number>;

/**
 * Largest length value per unit: 1–31 days, 1–26 weeks, 1–12 months (RULES.md). The smallest value
 * offered is LENGTH_MIN below: the half-length rule leaves no check-in frequency for a 1-day project.
 */
export const LENGTH_MAX = { days: 31, weeks: 26, months: 12 } as const satisfies Record<LengthUnit, number>;

export const FREQUENCY_MIN = 1;
export const FREQUENCY_MAX = 5;

/** Length used when a project has none. */
export const DEFAULT_LENGTH_DAYS = 30;
/** Frequency used when a project has none. */
export const DEFAULT_FREQUENCY_DAYS = 7;

const SINGULAR = { days: 'day', weeks: 'week', months: 'month' } as const satisfies Record<
  LengthUnit,
  string
>;

export function isLengthUnit(value: unknown): value is LengthUnit {
  return typeof value === 'string' && (LENGTH_UNITS as readonly string[]).includes(value);
}

export function isFrequencyUnit(value: unknown): value is FrequencyUnit {
  return typeof value === 'string' && (FREQUENCY_UNITS as readonly string[]).includes(value);
}

/** '1 day', '2 days', '1 week', '0 days': the value with its unit, singular only for exactly 1. */
export function formatQuantity(value: number, unit: LengthUnit): string {
  return `${value} ${value === 1 ? SINGULAR[unit] : unit}`;
}

/** `value` `unit`s in days (3 weeks → 21, 2 months → 60). */
export function toDays(value: number, unit: LengthUnit): number {
  return value * UNIT_DAYS[unit];
}

/** Total check-ins t = floor((L − 1) / f) + 1, for a length and a frequency in days. */
export function totalCheckIns(lengthDays: number, frequencyDays: number): number {
  return Math.floor((lengthDays - 1) / frequencyDays) + 1;
}

/** True when `value` is an offered frequency value (1–5). */
export function isFrequencyOption(value: number): boolean {
  return Number.isInteger(value) && value >= FREQUENCY_MIN && value <= FREQUENCY_MAX;
}

/** The half-length rule: a check-in every `frequencyDays` fits a `lengthDays`-day project when f ≤ L / 2. */
export function frequencyFits(frequencyDays: number, lengthDays: number): boolean {
  return frequencyDays >= 1 && frequencyDays * 2 <= lengthDays;
}

/** The frequency values (1–5) of `unit` that fit a project of `lengthDays` days. */
export function frequencyOptions(lengthDays: number, unit: FrequencyUnit): number[] {
  return range(FREQUENCY_MIN, FREQUENCY_MAX).filter((value) =>
    frequencyFits(toDays(value, unit), lengthDays),
  );
}

/**
 * The half-length message, or null when the frequency fits.
 * X is half the length expressed in the frequency's unit, rounded down (the largest whole value that
 * fits); N is the length in its own unit. Singular only for exactly 1.
 * 30 days, daily → 'Check-in frequency must be 15 days or less (half of 30 days)';
 * 3 weeks, weekly → 'Check-in frequency must be 1 week or less (half of 3 weeks)';
 * 3 weeks, daily → '… 10 days or less (half of 3 weeks)'; 1 month, weekly → '… 2 weeks or less (half of 1 month)'.
 */
export function frequencyError(
  lengthValue: number,
  lengthUnit: LengthUnit,
  frequencyValue: number,
  frequencyUnit: FrequencyUnit,
): string | null {
  const lengthDays = toDays(lengthValue, lengthUnit);
  if (frequencyFits(toDays(frequencyValue, frequencyUnit), lengthDays)) return null;
  const maxValue = Math.floor(lengthDays / (2 * UNIT_DAYS[frequencyUnit]));
  return `Check-in frequency must be ${formatQuantity(maxValue, frequencyUnit)} or less (half of ${formatQuantity(lengthValue, lengthUnit)})`;
}

/** The smallest length of `unit` that leaves at least one check-in frequency under the half-length rule. */
function smallestFittingLength(unit: LengthUnit): number {
  const fitting = range(1, LENGTH_MAX[unit]).find((value) =>
    frequencyFits(FREQUENCY_MIN, toDays(value, unit)),
  );
  return fitting ?? LENGTH_MAX[unit];
}

/**
 * Smallest length value per unit that can be created: 2 days (a 1-day project has no check-in
 * frequency of at most half its length), 1 week, 1 month. With LENGTH_MAX, the one source of the
 * create form's length lists, the server's length check and the How it works text.
 */
export const LENGTH_MIN = {
  days: smallestFittingLength('days'),
  weeks: smallestFittingLength('weeks'),
  months: smallestFittingLength('months'),
} as const satisfies Record<LengthUnit, number>;

/** The length values offered for a unit: 2–31 days, 1–26 weeks, 1–12 months. */
export function lengthOptions(unit: LengthUnit): number[] {
  return range(LENGTH_MIN[unit], LENGTH_MAX[unit]);
}

/** True when `value` is one of the offered length values for `unit`. */
export function isLengthOption(value: number, unit: LengthUnit): boolean {
  return Number.isInteger(value) && value >= LENGTH_MIN[unit] && value <= LENGTH_MAX[unit];
}

/** The offered lengths in words: '2–31 days, 1–26 weeks or 1–12 months'. */
export function lengthRangesText(): string {
  const ranges = LENGTH_UNITS.map((unit) => `${LENGTH_MIN[unit]}–${LENGTH_MAX[unit]} ${unit}`);
  return `${ranges.slice(0, -1).join(', ')} or ${ranges.at(-1)}`;
}

export type FrequencyChoice = { value: number; unit: FrequencyUnit };

/**
 * What the frequency becomes after the length changes: weeks fall back to days/1 when no week option
 * fits; a value that no longer fits resets to 1 (in the same unit); a fitting choice is kept.
 */
export function adjustFrequency(
  lengthValue: number,
  lengthUnit: LengthUnit,
  current: FrequencyChoice,
): FrequencyChoice {
  const lengthDays = toDays(lengthValue, lengthUnit);
  const options = frequencyOptions(lengthDays, current.unit);
  if (current.unit === 'weeks' && options.length === 0) return { value: 1, unit: 'days' };
  if (!options.includes(current.value)) return { value: 1, unit: current.unit };
  return current;
}

function range(from: number, to: number): number[] {
  const values: number[] = [];
  for (let value = from; value <= to; value += 1) values.push(value);
  return values;
}
