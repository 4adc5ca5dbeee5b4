import { useEffect, useId, useRef, useState } from 'react';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import {
  CREATOR_SHARE_PERCENT,
  DEFAULT_DONATION_CENTS,
  DONATION_PRESETS_CENTS,
  EMAIL_MAX_LENGTH,
  MESSAGES,
  donationSplit,
  formatCents,
  parseDollarsToCents,
  validateDonationCents,
  validateOptionalEmail,
} from '@kept/domain';
import { DONOR_NAME_MAX_LENGTH, type ProjectDetail } from '@kept/contract';
import { Modal } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/form-field';
import { ApiError, NetworkError } from '../../lib/api';
import { cx } from '../../lib/cx';
import { createDonationIntent, newIdempotencyKey, type PaymentIntentResponse } from '../payments';
import { PaymentForm, type PrepareResult } from '../payments';
import { forgetPendingDonation, rememberPendingDonation } from './donation-return';
import { DonationSplit } from './donation-split';
import * as Supporter from './supporter-message';

/** How long the thank-you shows before the dialog closes. */
export const DONATION_THANKS_MS = 2000;

export const DONATION_TEXT = {
  title: 'Support This Project',
  thanks: 'Thank you for your support!',
} as const;

type Amount = { kind: 'preset'; cents: number } | { kind: 'custom'; text: string };

function amountCentsOf(amount: Amount): number | null {
  if (amount.kind === 'preset') return amount.cents;
  return parseDollarsToCents(amount.text);
}

/**
 * The donation dialog: an amount (presets, default $25, or custom), optional donor details (anonymous
 * unless unticked), what the creator receives, then the payment form. Thanks for 2 s, then it closes and
 * the page refreshes the total.
 */
export default function DonationDialog({
  project,
  charityName,
  onClose,
  onDonated,
}: {
  project: ProjectDetail;
  /** Where the project's forfeits go, named before paying. */
  charityName?: string;
  onClose: () => void;
  onDonated: (amountCents: number) => void;
}) {
  const ids = { amounts: useId(), custom: useId(), anonymous: useId() };
  const [amount, setAmount] = useState<Amount>({ kind: 'preset', cents: DEFAULT_DONATION_CENTS });
  const [donorName, setDonorName] = useState('');
  const [donorEmail, setDonorEmail] = useState('');
  const [anonymous, setAnonymous] = useState(true);
  const [supporter, setSupporter] = useState(Supporter.NO_SUPPORTER_EXTRAS);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [thanked, setThanked] = useState<number | null>(null);
  const intentRef = useRef<{ key: string; intent: PaymentIntentResponse } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Closing the dialog ends the attempt: a later return address in this tab thanks for nothing. (When
  // the bank's page takes over, the page unloads without closing it, and the entry stays for the return.)
  useEffect(() => () => forgetPendingDonation(), []);

  const amountCents = amountCentsOf(amount);
  const validAmount =
    amountCents !== null && validateDonationCents(amountCents) === null ? amountCents : null;
  const split = validAmount !== null ? donationSplit(validAmount) : null;
  const request = {
    projectId: project.id,
    amountCents: validAmount ?? 0,
    donorName,
    donorEmail,
    donorAnonymous: anonymous,
    ...Supporter.supporterRequestFields(supporter),
  };
  const requestKey = JSON.stringify(request);

  function validate(): string | null {
    const amountProblem = validateDonationCents(amountCents);
    const emailProblem = validateOptionalEmail(donorEmail);
    setAmountError(amountProblem);
    setEmailError(emailProblem);
    return amountProblem ?? emailProblem;
  }

  async function prepare(): Promise<PrepareResult> {
    const reusable = intentRef.current;
    if (reusable && reusable.key === requestKey) {
      rememberPendingDonation(project.id, reusable.intent.paymentIntentId);
      return { ok: true, intent: reusable.intent };
    }
    try {
      const intent = await createDonationIntent(request, newIdempotencyKey());
      intentRef.current = { key: requestKey, intent };
      // Confirming may send the payer to their bank and back to the return address: this tab keeps
      // which intent it confirmed, so only it is thanked there.
      rememberPendingDonation(project.id, intent.paymentIntentId);
      return { ok: true, intent };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, message: MESSAGES.networkError };
      if (error instanceof ApiError && error.fromServer) return { ok: false, message: error.message };
      return { ok: false, message: MESSAGES.paymentIntentFailed };
    }
  }

  function onSucceeded() {
    forgetPendingDonation();
    const donated = validAmount ?? 0;
    setThanked(donated);
    onDonated(donated);
    closeTimer.current = setTimeout(onClose, DONATION_THANKS_MS);
  }

  const creator = project.username ?? 'the creator';
  const locked = busy || thanked !== null;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={DONATION_TEXT.title}
      description={thanked === null ? `Back ${creator} on "${project.title}".` : undefined}
      dismissible={!busy}
    >
      {thanked !== null ? (
        <div role="status" className="flex flex-col items-center py-8 text-center">
          <HeartHandshake aria-hidden="true" className="size-14 text-primary-700" />
          <p className="mt-4 text-xl font-semibold text-slate-900">{DONATION_TEXT.thanks}</p>
          <p className="mt-1 text-slate-600">
            Your {formatCents(thanked)} donation adds {formatCents(donationSplit(thanked).creatorCents)} to
            this project.
          </p>
        </div>
      ) : (
        <div className="space-y-5">
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Amount</legend>
            <div className="mt-2 grid grid-cols-4 gap-2">
              {DONATION_PRESETS_CENTS.map((cents) => (
                <AmountChoice
                  key={cents}
                  name={ids.amounts}
                  label={formatCents(cents)}
                  checked={amount.kind === 'preset' && amount.cents === cents}
                  disabled={locked}
                  onSelect={() => {
                    setAmount({ kind: 'preset', cents });
                    setAmountError(null);
                  }}
                />
              ))}
              <AmountChoice
                name={ids.amounts}
                label="Custom"
                checked={amount.kind === 'custom'}
                disabled={locked}
                onSelect={() => {
                  setAmount({ kind: 'custom', text: amount.kind === 'custom' ? amount.text : '' });
                  setAmountError(null);
                }}
              />
            </div>
          </fieldset>
          {amount.kind === 'custom' ? (
            <Field label="Custom amount" error={amountError}>
              {(control) => (
                <div className="relative max-w-48">
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center text-slate-600"
                  >
                    $
                  </span>
                  <input
                    {...control}
                    name="customAmount"
                    type="number"
                    inputMode="decimal"
                    min="1"
                    step="0.01"
                    value={amount.text}
                    disabled={locked}
                    onChange={(event) => {
                      setAmount({ kind: 'custom', text: event.target.value });
                      setAmountError(null);
                    }}
                    className={cx(inputClass, 'h-11 pl-7 tabular')}
                  />
                </div>
              )}
            </Field>
          ) : amountError ? (
            <p className="text-sm font-medium text-red-700">{amountError}</p>
          ) : null}

          <DonationSplit amountCents={validAmount} />
          <p className="rounded-lg bg-primary-50 px-4 py-3 text-sm text-primary-900" aria-live="polite">
            {split ? (
              <>
                <strong className="tabular">{formatCents(split.creatorCents)}</strong> (
                {CREATOR_SHARE_PERCENT}%) goes to this project's refundable total;{' '}
                <span className="tabular">{formatCents(split.platformCents)}</span> keeps Kept running.
                Donations are not refundable.
              </>
            ) : (
              `${CREATOR_SHARE_PERCENT}% of your donation goes to this project's refundable total. Donations are not refundable.`
            )}
          </p>
          <p className="text-xs text-slate-600">
            A donation is not tax-deductible.
            {charityName
              ? ` If ${creator} misses check-ins, the share they would have got back goes to ${charityName}.`
              : ''}
          </p>

          <fieldset className="space-y-4">
            <legend className="text-sm font-semibold text-slate-900">Your details (optional)</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Name">
                {(control) => (
                  <input
                    {...control}
                    name="donorName"
                    autoComplete="name"
                    maxLength={DONOR_NAME_MAX_LENGTH}
                    value={donorName}
                    disabled={locked}
                    onChange={(event) => setDonorName(event.target.value)}
                    className={cx(inputClass, 'h-11')}
                  />
                )}
              </Field>
              <Field label="Email (for a receipt)" error={emailError}>
                {(control) => (
                  <input
                    {...control}
                    name="donorEmail"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    maxLength={EMAIL_MAX_LENGTH}
                    value={donorEmail}
                    disabled={locked}
                    onChange={(event) => {
                      setDonorEmail(event.target.value);
                      setEmailError(null);
                    }}
                    className={cx(inputClass, 'h-11')}
                  />
                )}
              </Field>
            </div>
            <div className="flex items-start gap-2">
              <input
                id={ids.anonymous}
                type="checkbox"
                checked={anonymous}
                disabled={locked}
                onChange={(event) => setAnonymous(event.target.checked)}
                aria-describedby={`${ids.anonymous}-hint`}
                className="mt-0.5 size-5 shrink-0 accent-primary-700"
              />
              <div>
                <label htmlFor={ids.anonymous} className="text-sm font-medium text-slate-900">
                  Donate anonymously
                </label>
                <p id={`${ids.anonymous}-hint`} className="text-xs text-slate-600">
                  Untick to let {creator} see your name. Your email is never shown.
                </p>
              </div>
            </div>
          </fieldset>
          <Supporter.SupporterMessageFields value={supporter} onChange={setSupporter} disabled={locked} />

          <PaymentForm
            payLabel={validAmount !== null ? `Donate ${formatCents(validAmount)}` : 'Donate'}
            amountCents={validAmount}
            validate={validate}
            prepare={prepare}
            onSucceeded={onSucceeded}
            onBusyChange={setBusy}
            formKey={requestKey}
            returnUrl={`${window.location.origin}/project/${encodeURIComponent(project.id)}?donation=success`}
          />
        </div>
      )}
    </Modal>
  );
}

function AmountChoice({
  name,
  label,
  checked,
  disabled,
  onSelect,
}: {
  name: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      className={cx(
        'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm font-semibold tabular shadow-sm',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-700',
        checked
          ? 'border-primary-700 bg-primary-700 text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="sr-only"
      />
      {label}
    </label>
  );
}
