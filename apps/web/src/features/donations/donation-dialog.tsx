import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { DEFAULT_DONATION_CENTS, MESSAGES, donationSplit, formatCents } from '@kept/domain';
import type { ProjectDetail } from '@kept/contract';
import { Modal } from '../../components/ui/dialog';
import { ApiError, NetworkError } from '../../lib/api';
import { checkForm } from '../../lib/check-form';
import {
  createDonationIntent,
  newIdempotencyKey,
  type DonationBody,
  type PaymentIntentResponse,
} from '../payments';
import { PaymentForm, type PrepareResult } from '../payments';
import { forgetPendingDonation, rememberPendingDonation } from './donation-return';
import { DonationSplit } from './donation-split';
import {
  AmountField,
  DONATION_FIELDS,
  DonationSplitNote,
  DonorFields,
  SupporterFields,
  donationResolver,
  toDonationRequest,
  validAmountOf,
  type DonationValues,
} from './donation-fields';

/** How long the thank-you shows before the dialog closes. */
export const DONATION_THANKS_MS = 2000;

export const DONATION_TEXT = {
  title: 'Support This Project',
  thanks: 'Thank you for your support!',
} as const;

/**
 * The donation dialog: an amount (presets, default $25, or custom), optional donor details (anonymous
 * unless unticked), what the creator receives, then the payment form. The contract's
 * DonationRequestSchema checks the request before any intent is asked for. Thanks for 2 s, then it
 * closes and the page refreshes the total.
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
  const form = useForm<DonationValues>({
    defaultValues: {
      projectId: project.id,
      amount: String(DEFAULT_DONATION_CENTS),
      customAmount: '',
      donorName: '',
      donorEmail: '',
      donorAnonymous: true,
      message: '',
      showAmount: false,
    },
    resolver: donationResolver,
    shouldFocusError: false,
  });
  // The request these values make: a new object only when one of them changes.
  const request = useWatch({ control: form.control, compute: toDonationRequest });
  const [amount, customAmount] = useWatch({ control: form.control, name: ['amount', 'customAmount'] });
  const validAmount = validAmountOf({ amount, customAmount });
  const [busy, setBusy] = useState(false);
  const [thanked, setThanked] = useState<number | null>(null);
  const intentRef = useRef<{ request: DonationBody; intent: PaymentIntentResponse } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Closing the dialog ends the attempt: a later return address in this tab thanks for nothing. (When
  // the bank's page takes over, the page unloads without closing it, and the entry stays for the return.)
  useEffect(() => () => forgetPendingDonation(), []);

  const validate = () => checkForm(form, DONATION_FIELDS, MESSAGES.generic);

  async function prepare(): Promise<PrepareResult> {
    const reusable = intentRef.current;
    if (reusable && reusable.request === request) {
      rememberPendingDonation(project.id, reusable.intent.paymentIntentId);
      return { ok: true, intent: reusable.intent };
    }
    try {
      const intent = await createDonationIntent(request, newIdempotencyKey());
      intentRef.current = { request, intent };
      // Confirming may send the payer to their bank and back to the return address: this tab keeps
      // which intent it confirmed, so only it is thanked there.
      rememberPendingDonation(project.id, intent.paymentIntentId);
      return { ok: true, intent };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, message: error.message };
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
        <FormProvider {...form}>
          <div className="space-y-5">
            <AmountField disabled={locked} />
            <DonationSplit amountCents={validAmount} />
            <DonationSplitNote />
            <p className="text-xs text-slate-600">
              A donation is not tax-deductible.
              {charityName
                ? ` If ${creator} misses check-ins, the share they would have got back goes to ${charityName}.`
                : ''}
            </p>

            <DonorFields creator={creator} disabled={locked} />
            <SupporterFields disabled={locked} />

            <PaymentForm
              payLabel={validAmount !== null ? `Donate ${formatCents(validAmount)}` : 'Donate'}
              amountCents={validAmount}
              validate={validate}
              prepare={prepare}
              onSucceeded={onSucceeded}
              onBusyChange={setBusy}
              formKey={request}
              returnUrl={`${window.location.origin}/project/${encodeURIComponent(project.id)}?donation=success`}
            />
          </div>
        </FormProvider>
      )}
    </Modal>
  );
}
