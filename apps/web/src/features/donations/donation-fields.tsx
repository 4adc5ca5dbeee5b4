// The donation form's values, the request they make, and its fields.
import { useId } from 'react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  CREATOR_SHARE_PERCENT,
  DONATION_PRESETS_CENTS,
  EMAIL_MAX_LENGTH,
  donationSplit,
  formatCents,
  parseDollarsToCents,
  validateDonationCents,
} from '@kept/domain';
import { DONOR_NAME_MAX_LENGTH, DonationRequestSchema } from '@kept/contract';
import { TextField } from '../../components/ui/field';
import { MoneyField } from '../../components/ui/money-field';
import { RadioCard } from '../../components/ui/radio-card';
import { requestResolver } from '../../lib/forms';
import type { DonationBody } from '../payments';
import { SupporterMessageFields, supporterRequestFields } from './supporter-message';

export interface DonationValues {
  projectId: string;
  /** The chosen preset's cents as text, or 'custom'. */
  amount: string;
  /** The custom amount as typed, in dollars. */
  customAmount: string;
  donorName: string;
  donorEmail: string;
  donorAnonymous: boolean;
  /** The supporter's message of encouragement, as typed. */
  message: string;
  /** Whether the supporters list may show the amount. */
  showAmount: boolean;
}

const CUSTOM = 'custom';

/** The fields in the order the dialog shows them. */
export const DONATION_FIELDS = ['amount', 'customAmount', 'donorName', 'donorEmail', 'message'] as const;

/** The amount in cents as typed (a custom amount that is not one is NaN: the check refuses it). */
function amountCentsOf(values: Pick<DonationValues, 'amount' | 'customAmount'>): number {
  if (values.amount !== CUSTOM) return Number(values.amount);
  return parseDollarsToCents(values.customAmount) ?? Number.NaN;
}

/** The amount that can be charged, or null while it cannot. */
export function validAmountOf(values: Pick<DonationValues, 'amount' | 'customAmount'>): number | null {
  const cents = amountCentsOf(values);
  return validateDonationCents(cents) === null ? cents : null;
}

/** The intent's body for these values. */
export function toDonationRequest(values: DonationValues): DonationBody {
  return {
    projectId: values.projectId,
    amountCents: amountCentsOf(values),
    donorName: values.donorName,
    donorEmail: values.donorEmail,
    donorAnonymous: values.donorAnonymous,
    ...supporterRequestFields({ message: values.message, showAmount: values.showAmount }),
  };
}

/** DonationRequestSchema on the request the values make; the amount's message goes where it was chosen. */
export const donationResolver = requestResolver<DonationValues, DonationBody>(
  DonationRequestSchema,
  toDonationRequest,
  (field, values) =>
    field === 'amountCents' ? (values.amount === CUSTOM ? 'customAmount' : 'amount') : field,
);

/** 'Amount': the presets, or a custom amount in dollars. */
export function AmountField({ disabled }: { disabled: boolean }) {
  const name = useId();
  const { control, register } = useFormContext<DonationValues>();
  const { field, fieldState } = useController({ control, name: 'amount' });
  const { errors } = useFormState({ control, name: 'customAmount' });
  const isCustom = field.value === CUSTOM;
  const choice = (value: string, label: string) => (
    <RadioCard
      key={value}
      look="amount"
      name={name}
      value={value}
      checked={field.value === value}
      disabled={disabled}
      onChange={field.onChange}
      onBlur={field.onBlur}
    >
      {label}
    </RadioCard>
  );
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Amount</legend>
        <div className="mt-2 grid grid-cols-4 gap-2">
          {DONATION_PRESETS_CENTS.map((cents) => choice(String(cents), formatCents(cents)))}
          {choice(CUSTOM, 'Custom')}
        </div>
      </fieldset>
      {isCustom ? (
        <MoneyField
          label="Custom amount"
          error={errors.customAmount?.message}
          type="number"
          min="1"
          step="0.01"
          autoComplete={undefined}
          disabled={disabled}
          className="max-w-48"
          {...register('customAmount')}
        />
      ) : fieldState.error ? (
        <p className="text-sm font-medium text-red-700">{fieldState.error.message}</p>
      ) : null}
    </>
  );
}

/** What of the donation goes to the project's refundable total, and that it is not refundable. */
export function DonationSplitNote() {
  const [amount, customAmount] = useWatch<DonationValues, ['amount', 'customAmount']>({
    name: ['amount', 'customAmount'],
  });
  const valid = validAmountOf({ amount, customAmount });
  const split = valid !== null ? donationSplit(valid) : null;
  return (
    <p className="rounded-lg bg-primary-50 px-4 py-3 text-sm text-primary-900" aria-live="polite">
      {split ? (
        <>
          <strong className="tabular">{formatCents(split.creatorCents)}</strong> ({CREATOR_SHARE_PERCENT}%)
          goes to this project's refundable total;{' '}
          <span className="tabular">{formatCents(split.platformCents)}</span> keeps Kept running. Donations
          are not refundable.
        </>
      ) : (
        `${CREATOR_SHARE_PERCENT}% of your donation goes to this project's refundable total. Donations are not refundable.`
      )}
    </p>
  );
}

/** 'Your details (optional)': name, email for a receipt, anonymous unless unticked. */
export function DonorFields({ creator, disabled }: { creator: string; disabled: boolean }) {
  const anonymousId = useId();
  const { control, register } = useFormContext<DonationValues>();
  const { errors } = useFormState({ control, name: ['donorName', 'donorEmail'] });
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Your details (optional)</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          error={errors.donorName?.message}
          {...register('donorName')}
          autoComplete="name"
          maxLength={DONOR_NAME_MAX_LENGTH}
          disabled={disabled}
        />
        <TextField
          label="Email (for a receipt)"
          error={errors.donorEmail?.message}
          {...register('donorEmail')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          disabled={disabled}
        />
      </div>
      <div className="flex items-start gap-2">
        <input
          id={anonymousId}
          type="checkbox"
          {...register('donorAnonymous')}
          disabled={disabled}
          aria-describedby={`${anonymousId}-hint`}
          className="mt-0.5 size-5 shrink-0 accent-primary-700"
        />
        <div>
          <label htmlFor={anonymousId} className="text-sm font-medium text-slate-900">
            Donate anonymously
          </label>
          <p id={`${anonymousId}-hint`} className="text-xs text-slate-600">
            Untick to let {creator} see your name. Your email is never shown.
          </p>
        </div>
      </div>
    </fieldset>
  );
}

/** The supporter's optional message and whether the list may show the amount, as form values. */
export function SupporterFields({ disabled }: { disabled: boolean }) {
  const { control, setValue } = useFormContext<DonationValues>();
  const [message, showAmount] = useWatch({ control, name: ['message', 'showAmount'] });
  return (
    <SupporterMessageFields
      value={{ message, showAmount }}
      onChange={(next) => {
        setValue('message', next.message);
        setValue('showAmount', next.showAmount);
      }}
      disabled={disabled}
    />
  );
}
