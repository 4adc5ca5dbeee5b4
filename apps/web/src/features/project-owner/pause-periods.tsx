import { useId } from 'react';
import { formatLocalDate, pauseBudget, pauseOptions, type Schedule } from '@kept/domain';
import { Button } from '../../components/ui/button';

export interface PausePeriodsProps {
  schedule: Schedule;
  now: number;
  /** The period being changed, while its request is in flight. */
  pending: number | null;
  onPause: (period: number) => void;
  onLift: (period: number) => void;
  error?: string | null;
}

/**
 * The owner's pauses: each later check-in period with 'Pause' (within the budget, planned at least two
 * days ahead) or 'Lift pause' (before it starts), and why a period cannot be changed now.
 */
export function PausePeriods({ schedule, now, pending, onPause, onLift, error }: PausePeriodsProps) {
  const headingId = useId();
  const budget = pauseBudget(schedule.checkInDates.length);
  const used = schedule.paused?.size ?? 0;
  const options = pauseOptions(schedule, now);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Pauses
      </h2>
      <p className="text-sm text-slate-700">
        {budget === 0
          ? 'Projects with fewer than 4 check-ins cannot be paused.'
          : `A paused check-in period counts as neither done nor missed. You have used ${used} of ${budget} ${
              budget === 1 ? 'pause' : 'pauses'
            }; plan each at least 2 days before its period starts.`}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {budget > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {options.map((option) => (
            <li
              key={option.index}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <span>
                <span className="font-medium text-slate-900">Check-in {option.index + 1}</span>{' '}
                <span className="text-slate-600">from {formatLocalDate(option.date)}</span>
                {option.paused ? (
                  <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                    Paused
                  </span>
                ) : null}
              </span>
              {option.changeable ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={pending === option.index}
                  disabled={pending !== null}
                  onClick={() => (option.paused ? onLift(option.index) : onPause(option.index))}
                  aria-label={`${option.paused ? 'Lift pause on' : 'Pause'} check-in ${option.index + 1} (${formatLocalDate(option.date)})`}
                >
                  {option.paused ? 'Lift pause' : 'Pause'}
                </Button>
              ) : (
                <span className="text-xs text-slate-500">{option.reason}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
