import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import {
  CHARITIES,
  CHARITY_FUND,
  CONSENT_MESSAGE,
  TERMS_VERSION,
  forfeitDestination,
  type ForfeitDestinationId,
  CUSTOM_DEPOSIT_MAX_CENTS,
  CUSTOM_DEPOSIT_MIN_CENTS,
  DEPOSIT_PRESETS,
  DESCRIPTION_MAX_LENGTH,
  LENGTH_UNITS,
  MESSAGES,
  PROJECT_MESSAGES,
  TAGS,
  TITLE_MAX_LENGTH,
  adjustFrequency,
  depositChargeCents,
  depositFeeCents,
  formatCents,
  formatQuantity,
  frequencyError,
  frequencyOptions,
  isLengthUnit,
  lengthOptions,
  parseCustomDeposit,
  toDays,
  totalCheckIns,
  validateProjectDraft,
  type DraftField,
  type FrequencyChoice,
  type FrequencyUnit,
  type LengthUnit,
  type ProjectDraftInput,
  type ProjectVisibility,
} from '@kept/domain';
import { TagIcon } from '../../components/tag-icon';
import { VisibilityChoice } from '../../components/ui/visibility-choice';
import { Card } from '../../components/ui/card';
import { Field, inputClass } from '../../components/ui/form-field';
import { MoneyField } from '../../components/ui/money-field';
import { RadioCard } from '../../components/ui/radio-card';
import { cx } from '../../lib/cx';
import { ApiError, NetworkError } from '../../lib/api';
import { PROJECT_LIST_ROOTS } from '../../lib/query-keys';
import { createDepositIntent, newIdempotencyKey, type DepositIntentResponse } from '../payments';
import { PaymentForm, type PrepareResult } from '../payments';
import { useSession } from '../session';
import { SelectField } from '../../components/ui/select-field';
import { ChargeBreakdown, type Charge } from './charge-breakdown';
import { CommitmentSummary } from './commitment-summary';

/** How long the green 'Payment successful' notice shows before My Projects opens. */
export const CREATED_REDIRECT_MS = 1500;

type Deposit = { kind: 'preset'; cents: number } | { kind: 'custom'; text: string } | null;

/** The deposit in cents as far as it is known: a preset, a valid custom amount, or what is wrong. */
function depositCentsOf(deposit: Deposit): { cents: number | null; error: string | null } {
  if (!deposit) return { cents: null, error: null };
  if (deposit.kind === 'preset') return { cents: deposit.cents, error: null };
  const parsed = parseCustomDeposit(deposit.text);
  return 'cents' in parsed ? { cents: parsed.cents, error: null } : { cents: null, error: parsed.error };
}

const sectionHeading = 'text-lg font-semibold text-slate-900';

/**
 * Create New Project: details, timeline and deposit, the charge before paying, then the payment. Pay
 * validates the form, creates the deposit intent (the server checks the draft and computes the charge),
 * confirms the card, shows 'Payment successful' and opens My Projects. A failed payment keeps
 * everything typed; pressing Pay again reuses the same intent as long as the project is unchanged.
 */
export function CreateProjectForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { details: useId(), timeline: useId(), deposit: useId(), payment: useId() };

  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [tag, setTag] = useState('');
  const [lengthValue, setLengthValue] = useState(30);
  const [lengthUnit, setLengthUnit] = useState<LengthUnit>('days');
  const [frequency, setFrequency] = useState<FrequencyChoice>({ value: 1, unit: 'weeks' });
  const [deposit, setDeposit] = useState<Deposit>(null);
  const [charityId, setCharityId] = useState<ForfeitDestinationId>(CHARITY_FUND.id);
  const [visibility, setVisibility] = useState<ProjectVisibility>('public');
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const { user } = useSession();
  // The commitment's dates are in the zone the project will live in: the owner's saved timezone.
  const [now] = useState(() => new Date());
  const [customTouched, setCustomTouched] = useState(false);
  const [invalid, setInvalid] = useState<{ field: DraftField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [paid, setPaid] = useState(false);
  const intentRef = useRef<{ key: string; intent: DepositIntentResponse } | null>(null);
  const [intent, setIntent] = useState<{ key: string; intent: DepositIntentResponse } | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const lengthDays = toDays(lengthValue, lengthUnit);
  const dayOptions = frequencyOptions(lengthDays, 'days');
  const weekOptions = frequencyOptions(lengthDays, 'weeks');
  const frequencyChoices = frequency.unit === 'weeks' ? weekOptions : dayOptions;
  const halfLengthError = frequencyError(lengthValue, lengthUnit, frequency.value, frequency.unit);
  const checkIns = halfLengthError
    ? null
    : totalCheckIns(lengthDays, toDays(frequency.value, frequency.unit));

  const depositState = depositCentsOf(deposit);
  const draftRequest = {
    title,
    description,
    tag,
    lengthValue,
    lengthUnit,
    frequencyValue: frequency.value,
    frequencyUnit: frequency.unit,
    depositCents:
      depositState.cents ?? (deposit?.kind === 'custom' && deposit.text.trim() !== '' ? -1 : null),
    charityId,
    visibility,
  } satisfies ProjectDraftInput & { charityId: ForfeitDestinationId; visibility: ProjectVisibility };
  const draftKey = JSON.stringify(draftRequest);
  const serverIntent = intent && intent.key === draftKey ? intent.intent : null;
  const depositCents = depositState.cents;
  // The server's figures once it has answered for this very project; before that, the shared rule.
  const charge: Charge | null = serverIntent
    ? {
        depositCents: serverIntent.depositCents,
        feeCents: serverIntent.feeCents,
        totalCents: serverIntent.amountCents,
      }
    : depositCents !== null
      ? {
          depositCents,
          feeCents: depositFeeCents(depositCents),
          totalCents: depositChargeCents(depositCents),
        }
      : null;
  const payLabel = charge ? `Pay ${formatCents(charge.totalCents)} Deposit` : 'Pay Deposit';

  const clearInvalid = (field: DraftField | DraftField[]) => {
    const fields = Array.isArray(field) ? field : [field];
    if (invalid && fields.includes(invalid.field)) setInvalid(null);
  };

  function changeLength(value: number, unit: LengthUnit) {
    const options = lengthOptions(unit);
    const nextValue = options.includes(value)
      ? value
      : Math.min(Math.max(value, options[0]!), options.at(-1)!);
    setLengthValue(nextValue);
    setLengthUnit(unit);
    setFrequency((current) => adjustFrequency(nextValue, unit, current));
    clearInvalid(['lengthValue', 'lengthUnit', 'frequencyValue', 'frequencyUnit']);
  }

  function changeFrequencyUnit(unit: FrequencyUnit) {
    const options = frequencyOptions(lengthDays, unit);
    setFrequency((current) => ({ unit, value: options.includes(current.value) ? current.value : 1 }));
    clearInvalid(['frequencyValue', 'frequencyUnit']);
  }

  const fieldError = (...fields: DraftField[]) =>
    invalid && fields.includes(invalid.field) ? invalid.message : undefined;

  function validate(): string | null {
    const result = validateProjectDraft(draftRequest);
    if (result.ok) {
      setInvalid(null);
      // The commitment is read and agreed to before any card is charged (the server refuses without).
      if (!agreed) {
        setAgreeError(CONSENT_MESSAGE);
        return CONSENT_MESSAGE;
      }
      return null;
    }
    setInvalid({ field: result.field, message: result.message });
    if (result.field === 'depositCents') setCustomTouched(true);
    return result.message;
  }

  async function prepare(): Promise<PrepareResult> {
    const reusable = intentRef.current;
    if (reusable && reusable.key === draftKey) return { ok: true, intent: reusable.intent };
    try {
      const created = await createDepositIntent(
        { ...draftRequest, agreedToTerms: TERMS_VERSION },
        newIdempotencyKey(),
      );
      intentRef.current = { key: draftKey, intent: created };
      setIntent(intentRef.current);
      return { ok: true, intent: created };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, message: MESSAGES.networkError };
      if (error instanceof ApiError && error.fromServer) return { ok: false, message: error.message };
      return { ok: false, message: MESSAGES.paymentIntentFailed };
    }
  }

  function onSucceeded() {
    setPaid(true);
    // The new project belongs in the lists (browse, My Projects, the owner's profile).
    for (const queryKey of PROJECT_LIST_ROOTS) void queryClient.invalidateQueries({ queryKey });
    redirectTimer.current = setTimeout(() => void navigate('/my-projects'), CREATED_REDIRECT_MS);
  }

  const locked = busy || paid;
  const customError =
    deposit?.kind === 'custom' && customTouched && depositState.error ? depositState.error : undefined;

  return (
    <div className="space-y-6">
      <Card className="p-5 sm:p-6">
        <section aria-labelledby={ids.details} className="space-y-5">
          <h2 id={ids.details} className={sectionHeading}>
            Project Details
          </h2>
          <Field label="Project name" required error={fieldError('title')}>
            {(control) => (
              <input
                {...control}
                name="title"
                required
                maxLength={TITLE_MAX_LENGTH}
                placeholder="e.g. Write 500 words a day"
                value={title}
                disabled={locked}
                onChange={(event) => {
                  setTitle(event.target.value);
                  clearInvalid('title');
                }}
                className={cx(inputClass, 'h-11')}
              />
            )}
          </Field>
          <Field
            label="Description"
            required
            hint="What will you do, and how will people see your progress?"
            error={fieldError('description')}
          >
            {(control) => (
              <textarea
                {...control}
                name="description"
                required
                rows={4}
                maxLength={DESCRIPTION_MAX_LENGTH}
                value={description}
                disabled={locked}
                onChange={(event) => {
                  setDescription(event.target.value);
                  clearInvalid('description');
                }}
                className={inputClass}
              />
            )}
          </Field>
          <fieldset
            aria-describedby={fieldError('tag') ? `${ids.details}-tag-error` : undefined}
            aria-invalid={fieldError('tag') ? true : undefined}
          >
            <legend className="text-sm font-semibold text-slate-900">
              Category
              <span aria-hidden="true" className="ml-0.5 text-red-700">
                *
              </span>
            </legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {TAGS.map((option) => (
                <RadioCard
                  key={option.name}
                  name="tag"
                  value={option.name}
                  checked={tag === option.name}
                  disabled={locked}
                  onChange={(value) => {
                    setTag(value);
                    clearInvalid('tag');
                  }}
                >
                  <TagIcon tag={option.name} className="size-5 text-primary-700" />
                  <span className="font-medium">{option.name}</span>
                </RadioCard>
              ))}
            </div>
            {fieldError('tag') ? (
              <p id={`${ids.details}-tag-error`} className="mt-1.5 text-sm font-medium text-red-700">
                {fieldError('tag')}
              </p>
            ) : null}
          </fieldset>
        </section>
      </Card>

      <Card className="p-5 sm:p-6">
        <section aria-labelledby={ids.timeline} className="space-y-5">
          <h2 id={ids.timeline} className={sectionHeading}>
            Timeline &amp; Commitment
          </h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-semibold text-slate-900">Project length</legend>
              <div className="grid grid-cols-[5.5rem_1fr] gap-2">
                <label className="sr-only" htmlFor={`${ids.timeline}-length`}>
                  Length
                </label>
                <select
                  id={`${ids.timeline}-length`}
                  value={lengthValue}
                  disabled={locked}
                  onChange={(event) => changeLength(Number(event.target.value), lengthUnit)}
                  className={cx(inputClass, 'h-11')}
                >
                  {lengthOptions(lengthUnit).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
                <label className="sr-only" htmlFor={`${ids.timeline}-length-unit`}>
                  Length unit
                </label>
                <select
                  id={`${ids.timeline}-length-unit`}
                  value={lengthUnit}
                  disabled={locked}
                  onChange={(event) => {
                    if (isLengthUnit(event.target.value)) changeLength(lengthValue, event.target.value);
                  }}
                  className={cx(inputClass, 'h-11')}
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
              <legend className="text-sm font-semibold text-slate-900">Check in every</legend>
              <div className="grid grid-cols-[5.5rem_1fr] gap-2">
                <label className="sr-only" htmlFor={`${ids.timeline}-frequency`}>
                  Check-in frequency
                </label>
                <select
                  id={`${ids.timeline}-frequency`}
                  value={frequency.value}
                  disabled={locked || frequencyChoices.length === 0}
                  aria-invalid={halfLengthError || fieldError('frequencyValue') ? true : undefined}
                  aria-describedby={`${ids.timeline}-frequency-note`}
                  onChange={(event) => {
                    setFrequency({ unit: frequency.unit, value: Number(event.target.value) });
                    clearInvalid(['frequencyValue', 'frequencyUnit']);
                  }}
                  className={cx(inputClass, 'h-11')}
                >
                  {frequencyChoices.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
                <label className="sr-only" htmlFor={`${ids.timeline}-frequency-unit`}>
                  Check-in frequency unit
                </label>
                <select
                  id={`${ids.timeline}-frequency-unit`}
                  value={frequency.unit}
                  disabled={locked}
                  onChange={(event) => changeFrequencyUnit(event.target.value === 'weeks' ? 'weeks' : 'days')}
                  className={cx(inputClass, 'h-11')}
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
          <p id={`${ids.timeline}-frequency-note`} aria-live="polite" className="text-sm">
            {halfLengthError || fieldError('frequencyValue', 'frequencyUnit', 'lengthValue', 'lengthUnit') ? (
              <span className="font-medium text-red-700">
                {halfLengthError ??
                  fieldError('frequencyValue', 'frequencyUnit', 'lengthValue', 'lengthUnit')}
              </span>
            ) : checkIns !== null ? (
              <span className="text-slate-700">
                {checkIns} check-ins: one every {formatQuantity(frequency.value, frequency.unit)} for{' '}
                {formatQuantity(lengthValue, lengthUnit)}, starting today with an automatic first one.
              </span>
            ) : null}
          </p>
          <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>{PROJECT_MESSAGES.permanentWarning}</p>
          </div>
        </section>
      </Card>

      <Card className="p-5 sm:p-6">
        <section aria-labelledby={ids.deposit} className="space-y-5">
          <div>
            <h2 id={ids.deposit} className={sectionHeading}>
              Accountability Deposit
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Money on the line keeps you going. Pick what would sting a little to lose.
            </p>
          </div>
          <fieldset>
            <legend className="sr-only">Deposit amount</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {DEPOSIT_PRESETS.map((preset) => (
                <RadioCard
                  key={preset.cents}
                  name="deposit"
                  value={String(preset.cents)}
                  checked={deposit?.kind === 'preset' && deposit.cents === preset.cents}
                  disabled={locked}
                  onChange={() => {
                    setDeposit({ kind: 'preset', cents: preset.cents });
                    clearInvalid('depositCents');
                  }}
                  className="flex-col items-start gap-0.5 py-3"
                >
                  <span className="text-lg font-bold tabular">{formatCents(preset.cents)}</span>{' '}
                  <span className="text-slate-600">{preset.label}</span>
                </RadioCard>
              ))}
              <RadioCard
                name="deposit"
                value="custom"
                checked={deposit?.kind === 'custom'}
                disabled={locked}
                onChange={() => {
                  setDeposit({ kind: 'custom', text: deposit?.kind === 'custom' ? deposit.text : '' });
                  clearInvalid('depositCents');
                }}
                className="flex-col items-start gap-0.5 py-3"
              >
                <span className="text-lg font-bold">Custom</span>{' '}
                <span className="text-slate-600">
                  {formatCents(CUSTOM_DEPOSIT_MIN_CENTS)}–{formatCents(CUSTOM_DEPOSIT_MAX_CENTS)}
                </span>
              </RadioCard>
            </div>
            {fieldError('depositCents') && deposit?.kind !== 'custom' ? (
              <p className="mt-2 text-sm font-medium text-red-700">{fieldError('depositCents')}</p>
            ) : null}
          </fieldset>
          {deposit?.kind === 'custom' ? (
            <MoneyField
              label="Custom deposit amount"
              hint="In dollars, with at most two decimals (such as 35.50)."
              error={customError ?? fieldError('depositCents')}
              name="customDeposit"
              value={deposit.text}
              disabled={locked}
              onBlur={() => setCustomTouched(true)}
              onChange={(event) => {
                setDeposit({ kind: 'custom', text: event.target.value });
                clearInvalid('depositCents');
              }}
            />
          ) : null}
          <ChargeBreakdown charge={charge} />
          <SelectField
            label="Where forfeited money goes"
            hint="If you miss check-ins, their share of your deposit goes to this charity."
            value={charityId}
            disabled={locked}
            onChange={(event) => {
              const chosen = forfeitDestination(event.target.value);
              if (chosen) setCharityId(chosen.id as ForfeitDestinationId);
            }}
          >
            <option value={CHARITY_FUND.id}>{CHARITY_FUND.name} (split among all below)</option>
            {CHARITIES.map((charity) => (
              <option key={charity.id} value={charity.id}>
                {charity.name}
              </option>
            ))}
          </SelectField>
          <VisibilityChoice value={visibility} onChange={setVisibility} disabled={locked} />
          <CommitmentSummary
            depositCents={depositState.cents}
            lengthDays={lengthDays}
            frequencyDays={halfLengthError ? null : toDays(frequency.value, frequency.unit)}
            timezone={user?.timezone ?? 'UTC'}
            charityId={charityId}
            now={now}
            agreed={agreed}
            onAgreedChange={(value) => {
              setAgreed(value);
              if (value) setAgreeError(null);
            }}
            error={agreeError}
          />
        </section>
      </Card>

      <Card className="p-5 sm:p-6">
        <section aria-labelledby={ids.payment} className="space-y-4">
          <h2 id={ids.payment} className={sectionHeading}>
            Payment
          </h2>
          <PaymentForm
            payLabel={payLabel}
            amountCents={charge?.totalCents ?? null}
            validate={validate}
            prepare={prepare}
            onSucceeded={onSucceeded}
            onBusyChange={setBusy}
            formKey={draftKey}
            returnUrl={`${window.location.origin}/my-projects`}
          />
        </section>
      </Card>
    </div>
  );
}
