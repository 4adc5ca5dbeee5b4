import { DEPOSIT_FEE_FIXED_CENTS, DEPOSIT_FEE_PERCENT, formatCents } from '@kept/domain';

export interface Charge {
  depositCents: number;
  feeCents: number;
  totalCents: number;
}

/** Deposit, fees and total, shown before anyone pays. */
export function ChargeBreakdown({ charge }: { charge: Charge | null }) {
  const dash = <span aria-label="not chosen yet">—</span>;
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4" aria-live="polite">
      <h3 className="text-sm font-semibold text-slate-900">What you pay today</h3>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-700">Deposit (refundable)</dt>
          <dd className="font-medium text-slate-900 tabular">
            {charge ? formatCents(charge.depositCents) : dash}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-700">
            Processing fee ({DEPOSIT_FEE_PERCENT}% + {formatCents(DEPOSIT_FEE_FIXED_CENTS)}, non-refundable)
          </dt>
          <dd className="font-medium text-slate-900 tabular">
            {charge ? formatCents(charge.feeCents) : dash}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2">
          <dt className="font-semibold text-slate-900">Total charged today</dt>
          <dd className="text-lg font-bold text-slate-900 tabular">
            {charge ? formatCents(charge.totalCents) : dash}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Check in every time and the whole deposit comes back when the project ends; each missed check-in keeps
        back its share. The processing fee is not refunded.
      </p>
    </div>
  );
}
