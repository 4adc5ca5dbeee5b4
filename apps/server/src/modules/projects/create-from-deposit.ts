// A project is born from its paid deposit: inside the payment-succeeded event's database transaction,
// this creates the project row (with its payment link), its first check-in and the deposit's ledger
// entries. Either all of it commits with the payment's status, or none of it does: no paid deposit
// without its project, no project without a payment.
import {
  DEFAULT_PROJECT_VISIBILITY,
  MESSAGES,
  depositFeeCents,
  endDateFor,
  formatCents,
  formatLocalDate,
  formatQuantity,
  isValidTimeZone,
  localDateOf,
  projectSummary,
  type FrequencyUnit,
  type LengthUnit,
  type ProjectDraft,
  type ProjectVisibility,
} from '@kept/domain';
import { eq } from 'drizzle-orm';
import { MONEY_LINE, renderEmail } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';
import type { payments } from '../../db/schema.ts';
import { projectCheckins, projects, users } from '../../db/schema.ts';
import { queueEmail } from '../../jobs/tasks.ts';
import { ACCOUNTS, postTransaction, syncRefundable, type Tx } from '../ledger/ledger.ts';
import type { PaymentEffect } from '../payments/index.ts';

type Log = { error: (obj: object, msg: string) => void };
type PaymentRow = typeof payments.$inferSelect;

export const FIRST_CHECK_IN_TEXT = "Project created! 🎯 Day one starts now — let's do this.";

/** The deposit's effect: project, first check-in, ledger entries. Returns the new project's id and the welcome email. */
export async function createProjectFromDeposit(
  tx: Tx,
  input: { payment: PaymentRow; customerId: string | null; now: Date; baseUrl: string; log: Log },
): Promise<{ projectId: string; welcome: EmailMessage | null }> {
  const { payment, now } = input;
  const draft = payment.draft as
    (ProjectDraft & { charityId?: string; visibility?: ProjectVisibility }) | null;
  if (!draft || !payment.userId || !payment.providerIntentId)
    throw new Error(`deposit payment ${payment.id} has no draft, owner or intent`);
  const feeCents = depositFeeCents(draft.depositCents);
  if (draft.depositCents + feeCents !== payment.amountCents)
    throw new Error(`deposit payment ${payment.id}: charge ${payment.amountCents} ≠ deposit + fee`);

  const owner = await readOwner(tx, payment.userId, input.log);
  const timezone = owner.timezone;
  const endDate = endDateFor(now, draft.lengthDays, timezone);
  const startDate = localDateOf(now, timezone);
  const summary = projectSummary(
    {
      createdAt: now,
      endDate,
      totalLengthDays: draft.lengthDays,
      checkInFrequencyDays: draft.frequencyDays,
      timezone,
    },
    [{ checkInProjectDate: startDate, createdAt: now }],
    now,
  );

  const [project] = await tx
    .insert(projects)
    .values({
      userId: payment.userId,
      title: draft.title,
      tag: draft.tag,
      description: draft.description,
      depositAmount: draft.depositCents,
      // Drafts stored before charities could be chosen have none: the Kept Charity Fund.
      charityId: draft.charityId ?? 'kept-fund',
      visibility: draft.visibility ?? DEFAULT_PROJECT_VISIBILITY,
      refundableAmount: 0,
      createdAt: now,
      updatedAt: now,
      endDate,
      totalLengthDays: draft.lengthDays,
      totalLengthValue: draft.lengthValue,
      totalLengthUnit: draft.lengthUnit,
      checkInFrequencyDays: draft.frequencyDays,
      checkInFrequencyValue: draft.frequencyValue,
      checkInFrequencyUnit: draft.frequencyUnit,
      nextCheckinDate: summary.nextCheckIn?.date ?? null,
      projectStatus: 'active',
      projectTimezone: timezone,
      paymentIntentId: payment.providerIntentId,
      paymentCustomerId: input.customerId,
    })
    .returning({ id: projects.id });
  const projectId = project!.id;

  await tx.insert(projectCheckins).values({
    projectId,
    userId: payment.userId,
    updateText: FIRST_CHECK_IN_TEXT,
    checkInTimezone: timezone,
    checkInLocalDate: startDate,
    checkInProjectDate: startDate,
    createdAt: now,
  });

  await postTransaction(tx, {
    kind: 'deposit',
    idempotencyKey: `payment:${payment.id}:succeeded`,
    paymentId: payment.id,
    projectId,
    memo: `Deposit for "${draft.title}"`,
    entries: [
      { account: ACCOUNTS.card, amountCents: -payment.amountCents },
      { account: ACCOUNTS.pool(projectId), amountCents: draft.depositCents },
      { account: ACCOUNTS.processingFees, amountCents: feeCents },
    ],
  });
  await syncRefundable(tx, projectId);

  const welcome = !owner.email
    ? null
    : welcomeEmail({
        to: owner.email,
        username: owner.username,
        title: draft.title,
        depositCents: draft.depositCents,
        feeCents,
        lengthValue: draft.lengthValue,
        lengthUnit: draft.lengthUnit,
        frequencyValue: draft.frequencyValue,
        frequencyUnit: draft.frequencyUnit,
        endDate: summary.endDate,
        nextCheckIn: summary.nextCheckIn?.date ?? null,
        url: `${input.baseUrl}/project/${projectId}`,
      });
  return { projectId, welcome };
}

/**
 * The 'deposit' payment kind's effect, registered with payments (app.ts): the project, and its welcome
 * email queued in the same transaction.
 */
export const depositPaymentEffect =
  (deps: { baseUrl: string; log: Log }): PaymentEffect =>
  async (tx, { payment, customerId, now }) => {
    const made = await createProjectFromDeposit(tx, { payment, customerId, now, ...deps });
    if (made.welcome) await queueEmail(tx, `welcome:${payment.id}`, made.welcome);
    return { projectId: made.projectId };
  };

/** The owner's saved timezone (UTC when it cannot be read, logged with the spec's message) and address. */
async function readOwner(
  tx: Tx,
  userId: string,
  log: Log,
): Promise<{ timezone: string; email: string | null; username: string | null }> {
  let row: { timezone: string; email: string; username: string | null } | undefined;
  try {
    // A savepoint: a failed read must not abort the payment's transaction.
    row = await tx.transaction(async (sp) => {
      const [found] = await sp
        .select({ timezone: users.timezone, email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      return found;
    });
  } catch (err) {
    log.error({ err, userId }, MESSAGES.timezoneFetchFailed);
    return { timezone: 'UTC', email: null, username: null };
  }
  if (!row || !isValidTimeZone(row.timezone)) {
    log.error({ userId, timezone: row?.timezone }, MESSAGES.timezoneFetchFailed);
    return { timezone: 'UTC', email: row?.email ?? null, username: row?.username ?? null };
  }
  return row;
}

const SINGULAR: Record<LengthUnit, string> = { days: 'day', weeks: 'week', months: 'month' };
const every = (value: number, unit: FrequencyUnit) =>
  value === 1 ? `every ${SINGULAR[unit]}` : `every ${formatQuantity(value, unit)}`;

export function welcomeEmail(p: {
  to: string;
  username: string | null;
  title: string;
  depositCents: number;
  feeCents: number;
  lengthValue: number;
  lengthUnit: LengthUnit;
  frequencyValue: number;
  frequencyUnit: FrequencyUnit;
  endDate: string;
  nextCheckIn: string | null;
  url: string;
}): EmailMessage {
  return {
    to: p.to,
    subject: `Your project "${p.title}" has started`,
    ...renderEmail({
      heading: `"${p.title}" has started 🎯`,
      paragraphs: [
        p.username ? `Hi ${p.username},` : 'Hi,',
        `Your deposit of ${formatCents(p.depositCents)} is in and your project is live.`,
        `The plan: check in ${every(p.frequencyValue, p.frequencyUnit)} for ${formatQuantity(p.lengthValue, p.lengthUnit)}, until ${formatLocalDate(p.endDate, { long: true })}.` +
          (p.nextCheckIn
            ? ` Your next check-in is due ${formatLocalDate(p.nextCheckIn, { long: true })}.`
            : ''),
        `Make every check-in and your whole refundable amount comes back at the end; each missed one lowers it. The ${formatCents(p.feeCents)} processing fee is not refundable.`,
        'On each check-in day we will email you a reminder at 9:00 in the morning, and once more if a check-in becomes overdue.',
        MONEY_LINE(p.url),
      ],
      action: { label: 'Open your project', url: p.url },
    }),
  };
}
