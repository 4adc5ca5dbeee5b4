import { useId } from 'react';
import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import {
  CALENDAR_LEGEND,
  PAUSED_LEGEND,
  WEEKDAYS,
  buildCalendar,
  formatLocalDate,
  type CalendarCell,
  type CalendarStatus,
  type Schedule,
} from '@kept/domain';
import type { CheckInDto } from '@kept/contract';
import { cx } from '../../lib/cx';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** One look per status; the signal colours keep their meaning (green done, red missed, yellow today). */
export const STATUS_STYLES: Record<Exclude<CalendarStatus, 'empty'>, string> = {
  'completed-checkin': 'border-green-800 bg-green-700 text-white',
  'missed-checkin': 'border-red-800 bg-red-700 text-white',
  today: 'border-yellow-500 bg-yellow-100 text-yellow-950 ring-2 ring-yellow-400',
  'future-checkin': 'border-dashed border-primary-700 bg-primary-50 text-primary-900',
  'paused-checkin': 'border-dashed border-slate-400 bg-slate-100 text-slate-600',
  'past-non-checkin': 'border-slate-200 bg-white text-slate-700',
};

const LABELS = Object.fromEntries(
  [...CALENDAR_LEGEND, PAUSED_LEGEND].map((entry) => [entry.status, entry.label]),
) as Record<Exclude<CalendarStatus, 'empty'>, string>;

function StatusMark({ status }: { status: CalendarStatus }) {
  if (status === 'completed-checkin')
    return <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />;
  if (status === 'missed-checkin') return <X aria-hidden="true" className="size-3.5" strokeWidth={3} />;
  return null;
}

function DayCell({ cell, today }: { cell: CalendarCell; today: boolean }) {
  if (cell.date === null) return <td className="p-0.5" />;
  const [, month, day] = cell.date.split('-').map(Number) as [number, number, number];
  const status = cell.status;
  const label = `${formatLocalDate(cell.date)}: ${LABELS[status]}${today && status !== 'today' ? ' (today)' : ''}`;
  return (
    <td className="p-0.5">
      <div
        className={cx(
          'flex h-11 flex-col items-center justify-center rounded-md border text-xs font-semibold tabular sm:h-12 sm:text-sm',
          STATUS_STYLES[status],
          today && status !== 'today' && 'ring-2 ring-yellow-400 ring-offset-1',
        )}
        data-status={status}
        data-date={cell.date}
      >
        <span className="sr-only">{label}</span>
        <span aria-hidden="true" className="leading-none">
          {day === 1 ? <span className="block text-[10px] font-medium">{MONTHS[month - 1]}</span> : null}
          {day}
        </span>
        <span aria-hidden="true">
          <StatusMark status={status} />
        </span>
      </div>
    </td>
  );
}

/**
 * The check-in calendar: the project's days in Sun–Sat columns, each with its status from the shared
 * rules (`buildCalendar`), and the legend.
 */
export function CheckInCalendar({
  schedule,
  checkIns,
  now,
}: {
  /** The project's schedule, its paused periods included (the page builds it once). */
  schedule: Schedule;
  checkIns: readonly CheckInDto[];
  now: number;
}) {
  const headingId = useId();
  const calendar = buildCalendar(
    schedule,
    checkIns.map((checkIn) => ({
      checkInProjectDate: checkIn.checkInProjectDate,
      createdAt: new Date(checkIn.createdAt),
    })),
    now,
  );
  const legend = (schedule.paused?.size ?? 0) > 0 ? [...CALENDAR_LEGEND, PAUSED_LEGEND] : CALENDAR_LEGEND;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Check-in Calendar
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {formatLocalDate(schedule.startDate)} – {formatLocalDate(schedule.endDate)}
      </p>
      <table className="mt-4 w-full table-fixed border-separate border-spacing-0">
        <caption className="sr-only">Check-in calendar, one cell per day of the project</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day, index) => (
              <th
                key={day}
                scope="col"
                abbr={WEEKDAY_NAMES[index]}
                className="pb-1 text-center text-xs font-semibold text-slate-600"
              >
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week, row) => (
            <tr key={row}>
              {week.map((cell, column) => (
                <DayCell
                  key={cell.date ?? `pad-${column}`}
                  cell={cell}
                  today={cell.date !== null && cell.isToday}
                />
              ))}
              {Array.from({ length: 7 - week.length }, (_, index) => (
                <td key={`end-${index}`} className="p-0.5" />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Legend" className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700">
        {legend.map((entry) => (
          <li key={entry.status} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cx('grid size-5 place-items-center rounded border', STATUS_STYLES[entry.status])}
            >
              <StatusMark status={entry.status} />
            </span>
            {entry.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
