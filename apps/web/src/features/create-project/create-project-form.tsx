import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  MESSAGES,
  PROJECT_MESSAGES,
  TERMS_VERSION,
  depositChargeCents,
  depositFeeCents,
  formatCents,
} from '@kept/domain';
import { ApiError, NetworkError } from '../../lib/api';
import { checkForm } from '../../lib/forms';
import { PROJECT_LIST_ROOTS } from '../../lib/query-keys';
import { createDepositIntent, newIdempotencyKey, type DepositIntentResponse } from '../payments';
import { PaymentForm, type PrepareResult } from '../payments';
import { ProjectDescriptionField, ProjectTitleField } from '../project-form';
import { useSession } from '../session';
import { ChargeBreakdown, type Charge } from './charge-breakdown';
import {
  DRAFT_FIELDS,
  EMPTY_DRAFT,
  depositOf,
  draftResolver,
  toDepositDraft,
  type ProjectDraftValues,
} from './draft';
import {
  CharityField,
  CommitmentField,
  DepositField,
  DraftSection,
  PermanenceWarning,
  ScheduleFields,
  TagField,
} from './draft-fields';

/** How long the green 'Payment successful' notice shows before My Projects opens. */
export const CREATED_REDIRECT_MS = 1500;

type Draft = ReturnType<typeof toDepositDraft>;

/**
 * Create New Project: details, timeline and deposit, the charge before paying, then the payment. Pay
 * checks the form with the contract's schema, creates the deposit intent (the server checks the draft
 * again and computes the charge), confirms the card, shows 'Payment successful' and opens My Projects.
 * A failed payment keeps everything typed; pressing Pay again reuses the same intent as long as the
 * project is unchanged.
 */
export function CreateProjectForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const form = useForm<ProjectDraftValues>({
    defaultValues: EMPTY_DRAFT,
    resolver: draftResolver,
    // Pay stays where the eye is: the messages are said there and next to each field.
    shouldFocusError: false,
  });
  // The request these values make: a new object only when one of them changes (deep comparison), so
  // it says whether an intent was made for this very project, and whether a message is still current.
  const draft = useWatch({ control: form.control, compute: toDepositDraft });
  const deposit = useWatch({ control: form.control, name: ['deposit', 'customDeposit'] });
  const [intent, setIntent] = useState<{ draft: Draft; intent: DepositIntentResponse } | null>(null);
  const [busy, setBusy] = useState(false);
  const [paid, setPaid] = useState(false);
  // The commitment's dates are in the zone the project will live in, from the moment the form opened.
  const [now] = useState(() => new Date());
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const serverIntent = intent?.draft === draft ? intent.intent : null;
  const depositCents = depositOf({ deposit: deposit[0], customDeposit: deposit[1] }).cents;
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

  const validate = () => checkForm(form, DRAFT_FIELDS, PROJECT_MESSAGES.required);

  async function prepare(): Promise<PrepareResult> {
    if (intent && intent.draft === draft) return { ok: true, intent: intent.intent };
    try {
      const created = await createDepositIntent(
        { ...draft, agreedToTerms: TERMS_VERSION },
        newIdempotencyKey(),
      );
      setIntent({ draft, intent: created });
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

  return (
    <FormProvider {...form}>
      <div className="space-y-6">
        <DraftSection title="Project Details">
          <ProjectTitleField disabled={locked} placeholder="e.g. Write 500 words a day" />
          <ProjectDescriptionField
            disabled={locked}
            hint="What will you do, and how will people see your progress?"
          />
          <TagField disabled={locked} />
        </DraftSection>

        <DraftSection title="Timeline & Commitment">
          <ScheduleFields disabled={locked} />
          <PermanenceWarning />
        </DraftSection>

        <DraftSection
          title="Accountability Deposit"
          intro="Money on the line keeps you going. Pick what would sting a little to lose."
        >
          <DepositField disabled={locked} />
          <ChargeBreakdown charge={charge} />
          <CharityField disabled={locked} />
          <CommitmentField timezone={user?.timezone ?? 'UTC'} now={now} />
        </DraftSection>

        <DraftSection title="Payment" className="space-y-4">
          <PaymentForm
            payLabel={payLabel}
            amountCents={charge?.totalCents ?? null}
            validate={validate}
            prepare={prepare}
            onSucceeded={onSucceeded}
            onBusyChange={setBusy}
            formKey={draft}
            returnUrl={`${window.location.origin}/my-projects`}
          />
        </DraftSection>
      </div>
    </FormProvider>
  );
}
