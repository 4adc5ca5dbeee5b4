// The Create New Project form's fields, each reading and writing its values through react-hook-form's
// form context (create-project-form.tsx), with its messages next to it.
import { Suspense, useId, type ReactNode } from 'react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import {
  CHARITIES,
  CHARITY_FUND,
  CUSTOM_DEPOSIT_MAX_CENTS,
  CUSTOM_DEPOSIT_MIN_CENTS,
  DEPOSIT_PRESETS,
  LENGTH_UNITS,
  PROJECT_MESSAGES,
  TAGS,
  adjustFrequency,
  formatCents,
  formatQuantity,
  frequencyError,
  frequencyOptions,
  isLengthUnit,
  lengthOptions,
  toDays,
  totalCheckIns,
  type FrequencyUnit,
  type LengthUnit,
} from '@kept/domain';
import { TagIcon } from '../../components/tag-icon';
import { Card } from '../../components/ui/card';
import { lineInputClass } from '../../components/ui/field';
import { MoneyField } from '../../components/ui/money-field';
import { RadioCard } from '../../components/ui/radio-card';
import { SelectField } from '../../components/ui/select-field';
import { VisibilityChoice } from '../../components/ui/visibility-choice';
import { CommitmentFrame } from './commitment-frame';
import { CUSTOM, depositOf, type ProjectDraftValues } from './draft';
import { CommitmentSummary } from './pay-step-lazy';

const sectionHeading = 'text-lg font-semibold text-slate-900';

/** One card of the form: a section named by its heading, with an optional line under it. */
export function DraftSection({
  title,
  intro,
  className = 'space-y-5',
  children,
}: {
  title: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const heading = (
    <h2 id={id} className={sectionHeading}>
      {title}
    </h2>
  );
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id} className={className}>
        {intro ? (
          <div>
            {heading}
            <p className="mt-1 text-sm text-slate-600">{intro}</p>
          </div>
        ) : (
          heading
        )}
        {children}
      </section>
    </Card>
  );
}

const legendClass = 'text-sm font-semibold text-slate-900';

/** 'Category': the tags as cards. */
export function TagField({ disabled }: { disabled: boolean }) {
  const id = useId();
  const { field, fieldState } = useController<ProjectDraftValues, 'tag'>({ name: 'tag' });
  const error = fieldState.error?.message;
  return (
    <fieldset
      aria-describedby={error ? `${id}-tag-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={legendClass}>
        Category
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {TAGS.map((option) => (
          <RadioCard
            key={option.name}
            name={field.name}
            value={option.name}
            checked={field.value === option.name}
            disabled={disabled}
            onChange={field.onChange}
            onBlur={field.onBlur}
          >
            <TagIcon tag={option.name} className="size-5 text-primary-700" />
            <span className="font-medium">{option.name}</span>
          </RadioCard>
        ))}
      </div>
      {error ? (
        <p id={`${id}-tag-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const SCHEDULE_FIELDS = ['lengthValue', 'lengthUnit', 'frequencyValue', 'frequencyUnit'] as const;

/**
 * Project length and check-in frequency: only frequencies that fit half the length are offered, and a
 * change of length moves the frequency to one that fits. Says how many check-ins that makes.
 */
export function ScheduleFields({ disabled }: { disabled: boolean }) {
  const id = useId();
  const { control, setValue, trigger } = useFormContext<ProjectDraftValues>();
  const { errors, isSubmitted } = useFormState({ control, name: [...SCHEDULE_FIELDS] });
  const [lengthValue, lengthUnit, frequencyValue, frequencyUnit] = useWatch({
    control,
    name: [...SCHEDULE_FIELDS],
  });
  const lengthDays = toDays(lengthValue, lengthUnit);
  const dayOptions = frequencyOptions(lengthDays, 'days');
  const weekOptions = frequencyOptions(lengthDays, 'weeks');
  const frequencyChoices = frequencyUnit === 'weeks' ? weekOptions : dayOptions;
  const halfLengthError = frequencyError(lengthValue, lengthUnit, frequencyValue, frequencyUnit);
  const checkIns = halfLengthError ? null : totalCheckIns(lengthDays, toDays(frequencyValue, frequencyUnit));
  const fieldError =
    errors.frequencyValue?.message ??
    errors.frequencyUnit?.message ??
    errors.lengthValue?.message ??
    errors.lengthUnit?.message;

  function set(next: {
    lengthValue: number;
    lengthUnit: LengthUnit;
    frequencyValue: number;
    frequencyUnit: FrequencyUnit;
  }) {
    for (const name of SCHEDULE_FIELDS) setValue(name, next[name], { shouldDirty: true });
    if (isSubmitted) void trigger([...SCHEDULE_FIELDS]);
  }

  function changeLength(value: number, unit: LengthUnit) {
    const options = lengthOptions(unit);
    const nextValue = options.includes(value)
      ? value
      : Math.min(Math.max(value, options[0]!), options.at(-1)!);
    const frequency = adjustFrequency(nextValue, unit, { value: frequencyValue, unit: frequencyUnit });
    set({
      lengthValue: nextValue,
      lengthUnit: unit,
      frequencyValue: frequency.value,
      frequencyUnit: frequency.unit,
    });
  }

  function changeFrequencyUnit(unit: FrequencyUnit) {
    const options = frequencyOptions(lengthDays, unit);
    set({
      lengthValue,
      lengthUnit,
      frequencyValue: options.includes(frequencyValue) ? frequencyValue : 1,
      frequencyUnit: unit,
    });
  }

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <fieldset className="space-y-1.5">
          <legend className={legendClass}>Project length</legend>
          <div className="grid grid-cols-[5.5rem_1fr] gap-2">
            <label className="sr-only" htmlFor={`${id}-length`}>
              Length
            </label>
            <select
              id={`${id}-length`}
              value={lengthValue}
              disabled={disabled}
              onChange={(event) => changeLength(Number(event.target.value), lengthUnit)}
              className={lineInputClass}
            >
              {lengthOptions(lengthUnit).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
            <label className="sr-only" htmlFor={`${id}-length-unit`}>
              Length unit
            </label>
            <select
              id={`${id}-length-unit`}
              value={lengthUnit}
              disabled={disabled}
              onChange={(event) => {
                if (isLengthUnit(event.target.value)) changeLength(lengthValue, event.target.value);
              }}
              className={lineInputClass}
            >
              {LENGTH_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset className="space-y-1.5">
          <legend className={legendClass}>Check in every</legend>
          <div className="grid grid-cols-[5.5rem_1fr] gap-2">
            <label className="sr-only" htmlFor={`${id}-frequency`}>
              Check-in frequency
            </label>
            <select
              id={`${id}-frequency`}
              value={frequencyValue}
              disabled={disabled || frequencyChoices.length === 0}
              aria-invalid={halfLengthError || errors.frequencyValue ? true : undefined}
              aria-describedby={`${id}-frequency-note`}
              onChange={(event) =>
                set({ lengthValue, lengthUnit, frequencyValue: Number(event.target.value), frequencyUnit })
              }
              className={lineInputClass}
            >
              {frequencyChoices.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
            <label className="sr-only" htmlFor={`${id}-frequency-unit`}>
              Check-in frequency unit
            </label>
            <select
              id={`${id}-frequency-unit`}
              value={frequencyUnit}
              disabled={disabled}
              onChange={(event) => changeFrequencyUnit(event.target.value === 'weeks' ? 'weeks' : 'days')}
              className={lineInputClass}
            >
              <option value="days" disabled={dayOptions.length === 0}>
                days
              </option>
              <option value="weeks" disabled={weekOptions.length === 0}>
                weeks
              </option>
            </select>
          </div>
        </fieldset>
      </div>
      <p id={`${id}-frequency-note`} aria-live="polite" className="text-sm">
        {halfLengthError || fieldError ? (
          <span className="font-medium text-red-700">{halfLengthError ?? fieldError}</span>
        ) : checkIns !== null ? (
          <span className="text-slate-700">
            {checkIns} check-ins: one every {formatQuantity(frequencyValue, frequencyUnit)} for{' '}
            {formatQuantity(lengthValue, lengthUnit)}, starting today with an automatic first one.
          </span>
        ) : null}
      </p>
    </>
  );
}

/** Length and frequency cannot change once the project exists. */
export function PermanenceWarning() {
  return (
    <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{PROJECT_MESSAGES.permanentWarning}</p>
    </div>
  );
}

/** The deposit: the presets with their names, or a custom amount from $10 to $1000 in dollars. */
export function DepositField({ disabled }: { disabled: boolean }) {
  const errorId = useId();
  const { control, register } = useFormContext<ProjectDraftValues>();
  // Once Pay was pressed, a new choice checks the custom amount again too (its message may be gone).
  const { field, fieldState } = useController({
    control,
    name: 'deposit',
    rules: { deps: ['customDeposit'] },
  });
  const customDeposit = useWatch({ control, name: 'customDeposit' });
  const custom = useFormState({ control, name: 'customDeposit' });
  const isCustom = field.value === CUSTOM;
  // What is wrong with the custom amount shows once the field is left (and after Pay).
  const typedError = custom.touchedFields.customDeposit
    ? depositOf({ deposit: CUSTOM, customDeposit }).error
    : null;
  const cardClass = 'flex-col items-start gap-0.5 py-3';
  const presetError = !isCustom ? fieldState.error?.message : undefined;
  return (
    <>
      <fieldset
        aria-describedby={presetError ? errorId : undefined}
        aria-invalid={presetError ? true : undefined}
      >
        <legend className="sr-only">Deposit amount</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {DEPOSIT_PRESETS.map((preset) => (
            <RadioCard
              key={preset.cents}
              name={field.name}
              value={String(preset.cents)}
              checked={field.value === String(preset.cents)}
              disabled={disabled}
              onChange={field.onChange}
              onBlur={field.onBlur}
              className={cardClass}
            >
              <span className="text-lg font-bold tabular">{formatCents(preset.cents)}</span>{' '}
              <span className="text-slate-600">{preset.label}</span>
            </RadioCard>
          ))}
          <RadioCard
            name={field.name}
            value={CUSTOM}
            checked={isCustom}
            disabled={disabled}
            onChange={field.onChange}
            onBlur={field.onBlur}
            className={cardClass}
          >
            <span className="text-lg font-bold">Custom</span>{' '}
            <span className="text-slate-600">
              {formatCents(CUSTOM_DEPOSIT_MIN_CENTS)}–{formatCents(CUSTOM_DEPOSIT_MAX_CENTS)}
            </span>
          </RadioCard>
        </div>
        {presetError ? (
          <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
            {presetError}
          </p>
        ) : null}
      </fieldset>
      {isCustom ? (
        <MoneyField
          label="Custom deposit amount"
          hint="In dollars, with at most two decimals (such as 35.50)."
          error={typedError ?? custom.errors.customDeposit?.message}
          disabled={disabled}
          {...register('customDeposit')}
        />
      ) : null}
    </>
  );
}

/** Where forfeited money goes: the Kept Charity Fund or one charity of the vetted list. */
export function CharityField({ disabled }: { disabled: boolean }) {
  const { control, register } = useFormContext<ProjectDraftValues>();
  const { errors } = useFormState({ control, name: 'charityId' });
  return (
    <SelectField
      label="Where forfeited money goes"
      hint="If you miss check-ins, their share of your deposit goes to this charity."
      error={errors.charityId?.message}
      disabled={disabled}
      {...register('charityId')}
    >
      <option value={CHARITY_FUND.id}>{CHARITY_FUND.name} (split among all below)</option>
      {CHARITIES.map((charity) => (
        <option key={charity.id} value={charity.id}>
          {charity.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Who can find the project: Public (listed) or Unlisted (by its link only). */
export function VisibilityField({ disabled }: { disabled: boolean }) {
  const { field, fieldState } = useController<ProjectDraftValues, 'visibility'>({ name: 'visibility' });
  const error = fieldState.error?.message;
  return (
    <VisibilityChoice
      value={field.value}
      onChange={field.onChange}
      disabled={disabled}
      status={error ? { text: error, tone: 'error' } : null}
    />
  );
}

const COMMITMENT_INPUTS = [
  'lengthValue',
  'lengthUnit',
  'frequencyValue',
  'frequencyUnit',
  'deposit',
  'customDeposit',
  'charityId',
] as const;

/** Where the commitment appears while its code loads (with the card form, which Pay needs too). */
function CommitmentLoading() {
  return (
    <CommitmentFrame>
      <p role="status" className="mt-2 text-slate-600">
        Loading your commitment...
      </p>
    </CommitmentFrame>
  );
}

/** The commitment in the person's own numbers, then 'I agree' (required before any card is charged). */
export function CommitmentField({ timezone, now }: { timezone: string; now: Date }) {
  const { field, fieldState } = useController<ProjectDraftValues, 'agreedToTerms'>({
    name: 'agreedToTerms',
  });
  const [lengthValue, lengthUnit, frequencyValue, frequencyUnit, deposit, customDeposit, charityId] =
    useWatch<ProjectDraftValues, typeof COMMITMENT_INPUTS>({ name: COMMITMENT_INPUTS });
  const fits = frequencyError(lengthValue, lengthUnit, frequencyValue, frequencyUnit) === null;
  return (
    <Suspense fallback={<CommitmentLoading />}>
      <CommitmentSummary
        depositCents={depositOf({ deposit, customDeposit }).cents}
        lengthDays={toDays(lengthValue, lengthUnit)}
        frequencyDays={fits ? toDays(frequencyValue, frequencyUnit) : null}
        timezone={timezone}
        charityId={charityId}
        now={now}
        agreed={field.value}
        onAgreedChange={field.onChange}
        error={fieldState.error?.message}
      />
    </Suspense>
  );
}
