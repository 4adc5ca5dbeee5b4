// Progress percent, label and colour band (RULES.md "Start, end, lifecycle").

export const PROGRESS_BANDS = [
  'just-started',
  'in-progress',
  'getting-close',
  'almost-done',
  'completed',
] as const;
export type ProgressBand = (typeof PROGRESS_BANDS)[number];

const LABELS = {
  'just-started': 'Just Started',
  'in-progress': 'In Progress',
  'getting-close': 'Getting Close',
  'almost-done': 'Almost Done',
  completed: 'Completed',
} as const satisfies Record<ProgressBand, string>;

function ms(instant: Date | number): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

/** floor((now − start) / (end − start) × 100), clamped to 0..99 until the end passes, then 100. */
export function progressPercent(start: Date | number, end: Date | number, now: Date | number): number {
  const [s, e, t] = [ms(start), ms(end), ms(now)];
  if (t > e) return 100;
  if (e <= s) return 0;
  const percent = Math.floor(((t - s) * 100) / (e - s));
  return Math.min(99, Math.max(0, percent));
}

/** <25 just-started, <50 in-progress, <75 getting-close, <100 almost-done, 100 completed. */
export function progressBand(percent: number): ProgressBand {
  if (percent < 25) return 'just-started';
  if (percent < 50) return 'in-progress';
  if (percent < 75) return 'getting-close';
  if (percent < 100) return 'almost-done';
  return 'completed';
}

/** 'Just Started', 'In Progress', 'Getting Close', 'Almost Done', 'Completed'. */
export function progressLabel(percent: number): string {
  return LABELS[progressBand(percent)];
}
