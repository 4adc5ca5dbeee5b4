import { Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PROJECT_MESSAGES, depositChargeCents, depositFeeCents, formatCents } from '@kept/domain';
import { PanelLoading } from '../../components/ui/panel-loading';
import { checkForm } from '../../lib/check-form';
import { PROJECT_LIST_ROOTS } from '../../lib/query-keys';
import type { DepositIntentResponse } from '../payments';
import { ProjectDescriptionField, ProjectTitleField } from '../project-form';
import { useSession } from '../session';
import { ChargeBreakdown, type Charge } from './charge-breakdown';
import {
  DRAFT_FIELDS,
  EMPTY_DRAFT,
  toDraftRequest,
  type DraftRequest,
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
  VisibilityField,
} from './draft-fields';
import { DepositPayment, draftResolver } from './pay-step-lazy';

/** How long the green 'Payment successful' notice shows before My Projects opens. */
export const CREATED_REDIRECT_MS = 1500;

/**
 * Create New Project: details, timeline and deposit, the charge before paying, then the payment (the
 * commitment, the form's check and the card form come with the pay step, pay-step-lazy.ts). Pay
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
  const draft = useWatch({ control: form.control, compute: toDraftRequest });
  // The payment in flight, and once it has succeeded: the form is locked either way.
  const [payment, setPayment] = useState<'none' | 'paying' | 'paid'>('none');
  const [intent, setIntent] = useState<{ draft: DraftRequest; intent: DepositIntentResponse } | null>(null);
  // The commitment's dates are in the zone the project will live in, from the moment the form opened.
  const [now] = useState(() => new Date());
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const serverIntent = intent?.draft === draft ? intent.intent : null;
  // The deposit as far as it is known (a custom amount that is not one is NaN in the request).
  const depositCents = Number.isNaN(draft.depositCents) ? null : draft.depositCents;
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

  function onSucceeded() {
    setPayment('paid');
    // The new project belongs in the lists (browse, My Projects, the owner's profile).
    for (const queryKey of PROJECT_LIST_ROOTS) void queryClient.invalidateQueries({ queryKey });
    redirectTimer.current = setTimeout(() => void navigate('/my-projects'), CREATED_REDIRECT_MS);
  }

  const locked = payment !== 'none';

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
          <VisibilityField disabled={locked} />
          <CommitmentField timezone={user?.timezone ?? 'UTC'} now={now} />
        </DraftSection>

        <DraftSection title="Payment" className="space-y-4">
          {/* The payment form's own words while it loads. */}
          <Suspense fallback={<PanelLoading>Loading payment form...</PanelLoading>}>
            <DepositPayment
              payLabel={payLabel}
              amountCents={charge?.totalCents ?? null}
              validate={validate}
              draft={draft}
              reusable={serverIntent}
              onIntent={(made, created) => setIntent({ draft: made, intent: created })}
              onSucceeded={onSucceeded}
              onBusyChange={(busy) =>
                setPayment((current) => (current === 'paid' ? current : busy ? 'paying' : 'none'))
              }
              returnUrl={`${window.location.origin}/my-projects`}
            />
          </Suspense>
        </DraftSection>
      </div>
    </FormProvider>
  );
}
