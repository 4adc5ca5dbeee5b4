// Settlement (RULES.md "Money"; decision 007): soon after a project's end moment, the 'settle' job
//   1. freezes the numbers, in one transaction holding the project row: t and m from the shared rules,
//      P = the pool's ledger balance, R/F and R's split from the domain's `settle`; it books the forfeit
//      (pool → charity) and the payout (pool → payable:{user}) at once, since they need no provider;
//   2. pays out what is owed to the creator through the provider (simulated: paid at once; Stripe:
//      pending until the creator has a payout account, retried), booking payable → card when paid;
//   3. refunds the deposit part of R to the deposit's card: state 'refunding' is committed first, then
//      provider.refund with the settlement's idempotency key, then the refund is booked (pool → card).
//      A crash between the call and the booking leaves 'refunding'; the next run calls again with the
//      same key, the provider answers with the same refund, and it is booked once. A failure is
//      recorded ('failed', attempts, next_attempt_at) and tried again with backoff, for ever.
//   4. a refund the provider answered 'pending' (Stripe, some cards) is looked at again by the
//      'check_refund' job (hourly, and at once when Stripe's refund webhook arrives) until it succeeds
//      (refunded_at is set) or fails: then the money is back with us, booked back into the pool, and
//      refunded again with a new key.
// No transaction is open while the provider is called. When each part is due again is kept on the
// settlement row (next_attempt_at, payout_next_attempt_at); the 'settlement_due' task queues the jobs.
// Ledger keys: settlement:{projectId}:forfeit | payout | payout-paid:{n} | refund[:{n}] (the refund's
// provider key) | refund-returned:{refundId} | late:{paymentId}.
import { checkInCounts, projectSchedule, refundCents, settle } from '@kept/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentProvider, ProviderPayout, ProviderRefund } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { notifications, projectCheckins, projects, settlements, users } from '../../db/schema.ts';
import { enqueue, queueEmail } from '../../jobs/tasks.ts';
import { ACCOUNTS, balanceOf, postTransaction, syncRefundable, type Tx } from '../ledger/ledger.ts';
import { settlementEmail } from './emails.ts';
import { REFUND_CHECK_MS, SETTLEMENT_GRACE_MS, payoutBackoffMs, refundBackoffMs } from './rules.ts';

export type SettlementRow = typeof settlements.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;
type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** Test seams: called at the named moment of a run (a test kills the process there). */
export type SettlementFaults = {
  /** After the provider accepted the card refund, before it is booked. */
  afterRefundCall?: () => Promise<void> | void;
};

export const settleJobKey = (projectId: string) => `settle:${projectId}`;
export const checkRefundJobKey = (projectId: string) => `check_refund:${projectId}`;
export const ledgerKey = (projectId: string, what: string) => `settlement:${projectId}:${what}`;

const REFUND_STATES = ['pending', 'refunding', 'failed'];
const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
const scheduleOf = (p: ProjectRow) => ({
  createdAt: p.createdAt,
  endDate: p.endDate,
  totalLengthDays: p.totalLengthDays,
  checkInFrequencyDays: p.checkInFrequencyDays,
  timezone: p.projectTimezone,
});
const payoutOwed = (s: SettlementRow) => s.payoutCents + s.latePayoutCents - s.payoutPaidCents;
/** The card refund was booked but the provider has not confirmed it yet ('pending'). */
const refundAwaited = (s: SettlementRow) =>
  (s.state === 'refunded' || s.state === 'payout_pending') && s.refundId !== null && s.refundedAt === null;
export const REFUND_RETURNED =
  'The card refund failed after the payment provider accepted it; the money is back with Kept and is being refunded again';

export function createSettlementService(deps: {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  log: Log;
  baseUrl: string;
  faults?: SettlementFaults;
}) {
  const { db, provider, clock, log } = deps;

  async function read(projectId: string): Promise<SettlementRow | undefined> {
    const [row] = await db.select().from(settlements).where(eq(settlements.projectId, projectId));
    return row;
  }

  async function lock(tx: Tx, projectId: string): Promise<SettlementRow> {
    const [row] = await tx
      .select()
      .from(settlements)
      .where(eq(settlements.projectId, projectId))
      .for('update');
    if (!row) throw new Error(`settlement of project ${projectId} vanished`);
    return row;
  }

  /** The result email, once per project (notifications row), queued in the caller's transaction. */
  async function queueResultEmail(tx: Tx, s: SettlementRow, project: ProjectRow, now: Date): Promise<void> {
    const [owner] = await tx
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, s.userId));
    if (!owner) return;
    const [note] = await tx
      .insert(notifications)
      .values({ projectId: s.projectId, userId: s.userId, period: 0, kind: 'settlement', createdAt: now })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (!note) return;
    const schedule = projectSchedule(scheduleOf(project));
    await queueEmail(
      tx,
      `notification:${note.id}`,
      settlementEmail({
        to: owner.email,
        username: owner.username,
        title: project.title,
        endsAt: schedule.endsAt,
        timeZone: schedule.timezone,
        depositCents: s.depositCents,
        poolCents: s.poolCents,
        totalCheckIns: s.totalCheckins,
        missedCheckIns: s.missedCheckins,
        refundCents: s.refundCents,
        refundToCardCents: s.refundToCardCents,
        payoutCents: s.payoutCents + s.latePayoutCents,
        payoutPaid: payoutOwed(s) === 0,
        forfeitCents: s.forfeitCents,
        url: `${deps.baseUrl}/project/${s.projectId}`,
      }),
    );
  }

  /** Step 1: the settlement row with its frozen numbers (made now if the project has ended). */
  async function freeze(projectId: string): Promise<SettlementRow | { waitUntil: Date }> {
    return db.transaction(async (tx) => {
      const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
      if (!project) throw new Error(`settlement: project ${projectId} not found`);
      const [existing] = await tx.select().from(settlements).where(eq(settlements.projectId, projectId));
      if (existing) return existing;
      const now = clock.now();
      const schedule = projectSchedule(scheduleOf(project));
      if (now.getTime() <= schedule.endsAt.getTime())
        return { waitUntil: new Date(schedule.endsAt.getTime() + SETTLEMENT_GRACE_MS) };

      const checkIns = await tx
        .select({
          checkInProjectDate: projectCheckins.checkInProjectDate,
          createdAt: projectCheckins.createdAt,
        })
        .from(projectCheckins)
        .where(eq(projectCheckins.projectId, projectId))
        .orderBy(asc(projectCheckins.createdAt));
      const counts = checkInCounts(schedule, checkIns, now);
      const poolCents = await balanceOf(tx, ACCOUNTS.pool(projectId));
      const split = settle({
        poolCents,
        depositCents: project.depositAmount,
        totalCheckIns: counts.total,
        missedCheckIns: counts.missed,
      });
      const nothingToRefund = split.refundToCardCents === 0;
      const [row] = await tx
        .insert(settlements)
        .values({
          projectId,
          userId: project.userId,
          state: nothingToRefund ? (split.payoutCents > 0 ? 'payout_pending' : 'refunded') : 'pending',
          poolCents,
          depositCents: project.depositAmount,
          totalCheckins: counts.total,
          missedCheckins: counts.missed,
          refundCents: split.refundCents,
          forfeitCents: split.forfeitCents,
          refundToCardCents: split.refundToCardCents,
          payoutCents: split.payoutCents,
          paymentIntentId: project.paymentIntentId,
          refundKey: ledgerKey(projectId, 'refund'),
          refundedAt: nothingToRefund ? now : null,
          payoutStatus: split.payoutCents > 0 ? 'pending' : 'none',
          settledAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (split.forfeitCents > 0)
        await postTransaction(tx, {
          kind: 'settlement_forfeit',
          idempotencyKey: ledgerKey(projectId, 'forfeit'),
          projectId,
          memo: `Forfeit: ${counts.missed} of ${counts.total} check-ins missed`,
          entries: [
            { account: ACCOUNTS.pool(projectId), amountCents: -split.forfeitCents },
            { account: ACCOUNTS.charity, amountCents: split.forfeitCents },
          ],
        });
      if (split.payoutCents > 0)
        await postTransaction(tx, {
          kind: 'settlement_payout',
          idempotencyKey: ledgerKey(projectId, 'payout'),
          projectId,
          memo: 'Refund above the deposit, owed to the creator',
          entries: [
            { account: ACCOUNTS.pool(projectId), amountCents: -split.payoutCents },
            { account: ACCOUNTS.payable(project.userId), amountCents: split.payoutCents },
          ],
        });
      await syncRefundable(tx, projectId);
      await tx
        .update(projects)
        .set({
          projectStatus: nothingToRefund ? 'settled' : 'completed',
          nextCheckinDate: null,
          nextTickAt: sql`'infinity'`,
        })
        .where(eq(projects.id, projectId));
      if (nothingToRefund) await queueResultEmail(tx, row!, project, now);
      log.info({ projectId, ...split, ...counts }, 'settlement computed');
      return row!;
    });
  }

  /** Step 2: pay out what is owed to the creator (the part of R above the deposit, late donations). */
  async function payoutStep(projectId: string): Promise<void> {
    const s = await read(projectId);
    if (!s) return;
    const owed = payoutOwed(s);
    const now = clock.now();
    if (owed <= 0 || (s.payoutNextAttemptAt && s.payoutNextAttemptAt > now)) return;
    const target = s.payoutPaidCents + owed;
    let result: ProviderPayout;
    try {
      result = await provider.payout({
        userId: s.userId,
        amountCents: owed,
        idempotencyKey: ledgerKey(projectId, `payout:${target}`),
        description: `Kept payout for project ${projectId}`,
      });
    } catch (err) {
      result = { status: 'pending', id: null, reason: message(err) };
      log.warn({ err, projectId }, 'payout failed; retrying later');
    }
    await db.transaction(async (tx) => {
      const fresh = await lock(tx, projectId);
      if (fresh.payoutPaidCents !== s.payoutPaidCents) return; // recorded by another run meanwhile
      if (result.status === 'paid') {
        await postTransaction(tx, {
          kind: 'settlement_payout_paid',
          idempotencyKey: ledgerKey(projectId, `payout-paid:${target}`),
          projectId,
          memo: `Payout ${result.id}`,
          entries: [
            { account: ACCOUNTS.payable(s.userId), amountCents: -owed },
            { account: ACCOUNTS.card, amountCents: owed },
          ],
        });
        const fullyPaid = target === fresh.payoutCents + fresh.latePayoutCents;
        await tx
          .update(settlements)
          .set({
            payoutPaidCents: target,
            payoutId: result.id,
            payoutPaidAt: now,
            payoutStatus: fullyPaid ? 'paid' : 'pending',
            payoutNote: null,
            payoutNextAttemptAt: null,
            state: fresh.state === 'payout_pending' && fullyPaid ? 'refunded' : fresh.state,
            updatedAt: now,
          })
          .where(eq(settlements.projectId, projectId));
      } else {
        const attempts = fresh.payoutAttempts + 1;
        await tx
          .update(settlements)
          .set({
            payoutStatus: 'pending',
            payoutAttempts: attempts,
            payoutNextAttemptAt: new Date(now.getTime() + payoutBackoffMs(attempts)),
            payoutNote: result.reason,
            updatedAt: now,
          })
          .where(eq(settlements.projectId, projectId));
      }
    });
  }

  async function refundFailed(projectId: string, reason: string, newKey: boolean): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const s = await lock(tx, projectId);
      if (s.state !== 'refunding') return;
      await tx
        .update(settlements)
        .set({
          state: 'failed',
          lastError: reason,
          nextAttemptAt: new Date(now.getTime() + refundBackoffMs(s.attempts)),
          // A refund the provider definitely refused is retried as a new refund (a new key).
          refundKey: newKey ? ledgerKey(projectId, `refund:${s.attempts + 1}`) : s.refundKey,
          updatedAt: now,
        })
        .where(eq(settlements.projectId, projectId));
    });
    log.warn({ projectId, reason }, 'settlement refund failed; retrying later');
  }

  async function recordRefund(projectId: string, refund: ProviderRefund): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
      const s = await lock(tx, projectId);
      if (!project || !REFUND_STATES.includes(s.state)) return; // booked by another run already
      await postTransaction(tx, {
        kind: 'settlement_refund',
        // The provider key: settlement:{id}:refund, or :refund:{n} for a refund made again.
        idempotencyKey: s.refundKey,
        projectId,
        memo: `Refund ${refund.id} to the deposit's card`,
        entries: [
          { account: ACCOUNTS.pool(projectId), amountCents: -s.refundToCardCents },
          { account: ACCOUNTS.card, amountCents: s.refundToCardCents },
        ],
      });
      await syncRefundable(tx, projectId);
      const [updated] = await tx
        .update(settlements)
        .set({
          state: payoutOwed(s) > 0 ? 'payout_pending' : 'refunded',
          refundId: refund.id,
          refundedAt: refund.status === 'succeeded' ? now : null,
          lastError: null,
          // A pending refund is looked at again then (step 4).
          nextAttemptAt: refund.status === 'succeeded' ? null : new Date(now.getTime() + REFUND_CHECK_MS),
          updatedAt: now,
        })
        .where(eq(settlements.projectId, projectId))
        .returning();
      await tx.update(projects).set({ projectStatus: 'settled' }).where(eq(projects.id, projectId));
      await queueResultEmail(tx, updated!, project, now);
    });
    log.info({ projectId, refundId: refund.id }, 'settlement refund booked');
  }

  /** Step 3: the deposit part of R back to the deposit's card. */
  async function refundStep(projectId: string): Promise<void> {
    const now = clock.now();
    const claimed = await db.transaction(async (tx) => {
      const s = await lock(tx, projectId);
      if (!REFUND_STATES.includes(s.state)) return null;
      if (s.state === 'failed' && s.nextAttemptAt && s.nextAttemptAt > now) return null;
      const [row] = await tx
        .update(settlements)
        .set({ state: 'refunding', attempts: s.attempts + 1, updatedAt: now })
        .where(eq(settlements.projectId, projectId))
        .returning();
      return row!;
    });
    if (!claimed) return;
    let refund: ProviderRefund;
    try {
      refund = await provider.refund({
        intentId: claimed.paymentIntentId,
        amountCents: claimed.refundToCardCents,
        idempotencyKey: claimed.refundKey,
      });
    } catch (err) {
      await refundFailed(projectId, message(err), false);
      return;
    }
    await deps.faults?.afterRefundCall?.();
    if (refund.status === 'failed') {
      await refundFailed(projectId, 'The payment provider could not refund the card', true);
      return;
    }
    if (refund.amountCents !== claimed.refundToCardCents) {
      log.error({ projectId, refund }, 'provider refunded another amount than asked');
      await refundFailed(
        projectId,
        `The provider refunded ${refund.amountCents}¢, not ${claimed.refundToCardCents}¢; needs a person`,
        false,
      );
      return;
    }
    await recordRefund(projectId, refund);
  }

  /** Step 4: a refund the provider answered 'pending': did it succeed, or fail and come back to us? */
  async function confirmRefundStep(projectId: string): Promise<void> {
    const s = await read(projectId);
    const now = clock.now();
    if (!s || !refundAwaited(s) || (s.nextAttemptAt && s.nextAttemptAt > now)) return;
    let refund: ProviderRefund | null;
    try {
      refund = await provider.retrieveRefund(s.refundId!);
    } catch (err) {
      log.warn({ err, projectId }, 'could not look up a pending refund; trying again later');
      refund = null;
    }
    await db.transaction(async (tx) => {
      const fresh = await lock(tx, projectId);
      if (!refundAwaited(fresh) || fresh.refundId !== s.refundId) return; // handled meanwhile
      if (!refund || refund.status === 'pending') {
        await tx
          .update(settlements)
          .set({ nextAttemptAt: new Date(now.getTime() + REFUND_CHECK_MS), updatedAt: now })
          .where(eq(settlements.projectId, projectId));
        return;
      }
      if (refund.status === 'succeeded') {
        await tx
          .update(settlements)
          .set({ refundedAt: now, nextAttemptAt: null, updatedAt: now })
          .where(eq(settlements.projectId, projectId));
        log.info({ projectId, refundId: refund.id }, 'settlement refund confirmed');
        return;
      }
      // Failed after it was accepted: the provider gave the money back to us. Book it back into the
      // pool and refund it again as a new refund (a new key), with the usual backoff.
      await postTransaction(tx, {
        kind: 'settlement_refund_returned',
        idempotencyKey: ledgerKey(projectId, `refund-returned:${fresh.refundId}`),
        projectId,
        memo: `Refund ${fresh.refundId} failed and came back`,
        entries: [
          { account: ACCOUNTS.card, amountCents: -fresh.refundToCardCents },
          { account: ACCOUNTS.pool(projectId), amountCents: fresh.refundToCardCents },
        ],
      });
      await tx
        .update(settlements)
        .set({
          state: 'failed',
          refundId: null,
          lastError: REFUND_RETURNED,
          nextAttemptAt: new Date(now.getTime() + refundBackoffMs(fresh.attempts)),
          refundKey: ledgerKey(projectId, `refund:${fresh.attempts + 1}`),
          updatedAt: now,
        })
        .where(eq(settlements.projectId, projectId));
      await tx.update(projects).set({ projectStatus: 'completed' }).where(eq(projects.id, projectId));
      log.warn(
        { projectId, refundId: fresh.refundId },
        'settlement refund came back failed; refunding again',
      );
    });
  }

  /** The 'settle' job: every step that is due, in order; safe to run any number of times. */
  async function run(projectId: string): Promise<void> {
    const frozen = await freeze(projectId);
    if ('waitUntil' in frozen) return; // not ended yet: settlement_due queues it again after the grace
    await payoutStep(projectId);
    await refundStep(projectId);
  }

  /** The 'check_refund' job (step 4). */
  const checkRefund = confirmRefundStep;

  return { run, checkRefund, read };
}

export type SettlementService = ReturnType<typeof createSettlementService>;

/**
 * The provider says a refund changed (Stripe's refund webhooks): look at it now rather than at the next
 * hourly check. The event's content is not trusted; the check_refund job asks the provider itself.
 */
export async function refundChanged(db: Db, refundId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(settlements)
      .set({ nextAttemptAt: now, updatedAt: now })
      .where(and(eq(settlements.refundId, refundId), isNull(settlements.refundedAt)))
      .returning({ projectId: settlements.projectId });
    if (!row) return false;
    // Already queued or running: settlement_due queues it again, since next_attempt_at is now.
    await enqueue(
      tx,
      'check_refund',
      { projectId: row.projectId },
      { jobKey: checkRefundJobKey(row.projectId) },
    );
    return true;
  });
}

/**
 * A donation that succeeds after its project's numbers were frozen (its intent was made before the
 * end, the card confirmed after): its creator share is settled at once by the same t and m, inside the
 * donation's transaction (the project row is locked): R' to the creator's payable (paid out by the
 * settle job), F' to charity. Returns null when the project is not settled yet (the share joins P).
 */
export async function settleLateDonation(
  tx: Tx,
  input: { projectId: string; paymentId: string; creatorCents: number },
): Promise<{ payoutCents: number; forfeitCents: number } | null> {
  const [s] = await tx
    .select()
    .from(settlements)
    .where(eq(settlements.projectId, input.projectId))
    .for('update');
  if (!s || input.creatorCents <= 0) return null;
  const payoutCents = refundCents(input.creatorCents, s.totalCheckins, s.missedCheckins);
  const forfeitCents = input.creatorCents - payoutCents;
  await postTransaction(tx, {
    kind: 'settlement_late_donation',
    idempotencyKey: ledgerKey(input.projectId, `late:${input.paymentId}`),
    projectId: input.projectId,
    memo: 'Donation after settlement, settled by the same check-ins',
    entries: [
      { account: ACCOUNTS.pool(input.projectId), amountCents: -input.creatorCents },
      { account: ACCOUNTS.payable(s.userId), amountCents: payoutCents },
      { account: ACCOUNTS.charity, amountCents: forfeitCents },
    ],
  });
  await tx
    .update(settlements)
    .set({
      lateCreatorCents: s.lateCreatorCents + input.creatorCents,
      latePayoutCents: s.latePayoutCents + payoutCents,
      lateForfeitCents: s.lateForfeitCents + forfeitCents,
      ...(payoutCents > 0
        ? {
            payoutStatus: 'pending',
            payoutNextAttemptAt: null,
            state: s.state === 'refunded' ? 'payout_pending' : s.state,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(settlements.projectId, input.projectId));
  return { payoutCents, forfeitCents };
}
