import { timezoneLabel } from '@kept/domain';
import { cx } from '../../lib/cx';
import { isViewersTimeZone } from '../../lib/time-zone';

/** 'Dates are in the project's time zone: Eastern Time (New York).' */
export function zoneNoteText(timeZone: string): string {
  return `Dates are in the project's time zone: ${timezoneLabel(timeZone)}.`;
}

/**
 * Names the project's time zone under dates shown in it, when it is not the viewer's: a day there
 * may be another day where they are. Nothing when the zones are the same.
 */
export function ZoneNote({ timeZone, className }: { timeZone: string; className?: string }) {
  if (isViewersTimeZone(timeZone)) return null;
  return <p className={cx('text-xs text-slate-600', className)}>{zoneNoteText(timeZone)}</p>;
}
