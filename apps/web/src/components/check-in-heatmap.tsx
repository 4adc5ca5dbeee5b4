import { useId } from 'react';
import { checkInHeatmap, formatLocalDate, type HeatmapDay, type LocalDate } from '@kept/domain';
import { cx } from '../lib/cx';
import { plural } from '../lib/plural';

const LEVEL_STYLES = [
  'bg-slate-100 border-slate-200',
  'bg-primary-200 border-primary-300',
  'bg-primary-400 border-primary-500',
  'bg-primary-600 border-primary-700',
  'bg-primary-800 border-primary-900',
] as const;

/**
 * A year of check-ins as a contribution graph (Sun–Sat columns, one square a day), with a summary that
 * screen readers hear and the days with check-ins as a table, behind a disclosure.
 */
export function CheckInHeatmap({
  dates,
  today,
  title = 'Check-ins over the last year',
}: {
  /** The local date of every check-in (several on one day count several times). */
  dates: readonly LocalDate[];
  today: LocalDate;
  title?: string;
}) {
  const headingId = useId();
  const map = checkInHeatmap(dates, today);
  const active = map.weeks.flat().filter((day): day is HeatmapDay => day !== null && day.count > 0);
  const summary = `${plural(map.total, 'check-in', 'check-ins')} on ${plural(map.activeDays, 'day', 'days')} in the last year.`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-700">{summary}</p>
      <div className="overflow-x-auto pb-1" aria-hidden="true">
        <div className="flex gap-[3px]" data-testid="heatmap-grid">
          {map.weeks.map((week, w) => (
            <div key={w} className="flex flex-col gap-[3px]">
              {week.map((day, d) =>
                day ? (
                  <span
                    key={d}
                    title={`${formatLocalDate(day.date)}: ${plural(day.count, 'check-in', 'check-ins')}`}
                    data-level={day.level}
                    className={cx('block size-[11px] rounded-[2px] border', LEVEL_STYLES[day.level])}
                  />
                ) : (
                  <span key={d} className="block size-[11px]" />
                ),
              )}
            </div>
          ))}
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary-800 underline-offset-2 hover:underline">
          Show as a table
        </summary>
        {active.length === 0 ? (
          <p className="mt-2 text-slate-600">No check-ins in the last year yet.</p>
        ) : (
          <table className="mt-2 w-full max-w-sm text-left">
            <caption className="sr-only">{title}: days with check-ins</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-semibold text-slate-900">
                  Date
                </th>
                <th scope="col" className="py-1 text-right font-semibold text-slate-900">
                  Check-ins
                </th>
              </tr>
            </thead>
            <tbody>
              {active.map((day) => (
                <tr key={day.date} className="border-t border-slate-200">
                  <td className="py-1 tabular">{formatLocalDate(day.date)}</td>
                  <td className="py-1 text-right tabular">{day.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </section>
  );
}
