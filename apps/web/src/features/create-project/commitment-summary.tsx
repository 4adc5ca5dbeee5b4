import { useId } from 'react';
import { commitment, formatCents, formatLocalDate, type Cents } from '@kept/domain';
import { plural } from '../../lib/plural';
import { CommitmentFrame } from './commitment-frame';

export interface CommitmentSummaryProps {
  depositCents: Cents | null;
  lengthDays: number;
  /** null while the chosen frequency does not fit the length. */
  frequencyDays: number | null;
  timezone: string;
  charityId: string | null;
  /** The moment the project would be created (now). */
  now: Date;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  /** Shown under the checkbox when Pay was pressed without agreeing. */
  error?: string | null;
}

/**
 * The commitment in plain words, from the same rules the server settles by and the person's own numbers:
 * what is charged now, the check-in dates, what comes back, where forfeits go, pauses, cancelling and
 * refund timing; then "I agree". Shown before the card form.
 */
export function CommitmentSummary(props: CommitmentSummaryProps) {
  const checkboxId = useId();
  const errorId = useId();
  const ready = props.depositCents !== null && props.frequencyDays !== null;
  const c = ready
    ? commitment({
        depositCents: props.depositCents!,
        lengthDays: props.lengthDays,
        frequencyDays: props.frequencyDays!,
        timezone: props.timezone,
        createdAt: props.now,
        charityId: props.charityId,
      })
    : null;

  return (
    <CommitmentFrame>
      {c === null ? (
        <p className="mt-2 text-slate-600">
          Choose a deposit and a check-in frequency to see your commitment.
        </p>
      ) : (
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>
            Today your card is charged <strong className="tabular">{formatCents(c.chargeCents)}</strong>: the{' '}
            {formatCents(c.depositCents)} deposit and a {formatCents(c.feeCents)} processing fee. The fee is
            not refundable.
          </li>
          <li>
            You check in {plural(c.totalCheckIns, 'time', 'times')}, once in each period starting on these
            dates ({c.timezone} time):{' '}
            <span className="tabular">
              {c.checkInDates
                .map((date, i) => formatLocalDate(date) + (i === 0 ? ' (automatic)' : ''))
                .join(', ')}
            </span>
            .
          </li>
          <li>
            What comes back from your deposit when the project ends:
            <ul className="mt-1 list-none space-y-0.5 pl-0">
              {c.examples.map((example) => (
                <li key={example.missed} className="tabular">
                  {example.missed === 0
                    ? 'No missed check-ins'
                    : `${plural(example.missed, 'missed check-in', 'missed check-ins')}`}
                  : {formatCents(example.refundCents)} back, {formatCents(example.forfeitCents)} to{' '}
                  {c.charity.name}
                </li>
              ))}
            </ul>
            80% of every donation you receive is added to what can come back, by the same rule.
          </li>
          <li>
            Money you forfeit goes to <strong>{c.charity.name}</strong> ({c.charity.registration}).
          </li>
          <li>
            {c.pauseBudget > 0
              ? `You can pause up to ${plural(c.pauseBudget, 'check-in period', 'check-in periods')}, planned at least ${c.pauseLeadDays} days before it starts; a paused period counts as neither done nor missed.`
              : 'Projects with fewer than 4 check-ins cannot be paused.'}
          </li>
          <li>
            You can cancel within {c.cancelWindowHours} hours, before any check-in or donation: the deposit
            comes back, the fee does not. After that you can end the project early at any time; check-ins not
            yet done then count as missed.
          </li>
          <li>
            Refunds reach your card {c.refundBusinessDays.min}–{c.refundBusinessDays.max} business days after
            the project ends.
          </li>
        </ul>
      )}
      <div className="mt-4 flex items-start gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary-700"
          checked={props.agreed}
          onChange={(event) => props.onAgreedChange(event.target.checked)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
        <label htmlFor={checkboxId} className="font-semibold text-slate-900">
          I agree to this commitment
        </label>
      </div>
      {props.error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </CommitmentFrame>
  );
}
