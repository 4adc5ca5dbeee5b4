import { useId } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@kept/domain';
import type { SettlementStatement } from '@kept/contract';
import { cx } from '../../lib/cx';
import { ZoneNote } from './zone-note';

const STATUS_STYLES: Record<SettlementStatement['status'], string> = {
  processing: 'bg-amber-100 text-amber-900 ring-amber-200',
  refunded: 'bg-green-100 text-green-800 ring-green-200',
  failed: 'bg-red-100 text-red-800 ring-red-200',
};

function Row({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div
      className={cx('flex items-baseline justify-between gap-4', strong && 'border-t border-slate-200 pt-2')}
    >
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd
        className={cx(
          'tabular',
          strong ? 'text-base font-bold text-slate-900' : 'font-medium text-slate-900',
        )}
      >
        {formatCents(cents)}
      </dd>
    </div>
  );
}

/**
 * What happened to an ended project's money: the refund by the shared rule (its formula with the
 * project's numbers), the card refund, the payout and what went to charity, and how far it has got.
 */
export function SettlementCard({
  settlement,
  isOwner,
  timeZone,
}: {
  settlement: SettlementStatement;
  isOwner: boolean;
  /** The project's zone, in which the statement's dates are written. */
  timeZone: string;
}) {
  const headingId = useId();
  const { payout } = settlement;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Settlement
        </h2>
        <span
          className={cx(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
            STATUS_STYLES[settlement.status],
          )}
        >
          {settlement.statusText}
        </span>
      </div>
      <ZoneNote timeZone={timeZone} className="mt-1" />
      <p className="mt-2 text-sm text-slate-700">
        {settlement.completedCheckIns} of {settlement.totalCheckIns} check-in periods done
        {settlement.missedCheckIns > 0 ? `, ${settlement.missedCheckIns} missed` : ''}.
      </p>
      <p className="mt-1 text-xs break-words text-slate-600 tabular">{settlement.formula}</p>
      <dl className="mt-3 space-y-2 text-sm">
        <Row label="Deposit" cents={settlement.depositCents} />
        {settlement.donationsCents > 0 ? (
          <Row label="Donations (80%)" cents={settlement.donationsCents} />
        ) : null}
        <Row label="Refund" cents={settlement.refundCents} strong />
        <Row label="Back to the card" cents={settlement.refundToCardCents} />
        {payout.cents > 0 ? <Row label="Paid out to the creator" cents={payout.cents} /> : null}
        <Row label="Went to charity" cents={settlement.forfeitCents} />
      </dl>
      {!settlement.settled ? (
        <p className="mt-3 text-xs text-slate-600">
          These figures are final once the project is settled, shortly after its end.
        </p>
      ) : null}
      {isOwner && payout.status === 'pending' && payout.note ? (
        <p className="mt-3 text-xs text-slate-600">{payout.note}</p>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">
        Every cent of every project is on the{' '}
        <Link to="/transparency" className="font-medium text-primary-700 underline-offset-2 hover:underline">
          Transparency
        </Link>{' '}
        page, charity by charity.
      </p>
    </section>
  );
}
