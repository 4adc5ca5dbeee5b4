// Money history's SQL: the person's own payments, the settlements of their projects (refunds and
// payouts), and the donations to their projects. Each reads through an index on the user or project.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { donations, payments, projects, settlements, users } from '../../db/schema.ts';

/** The charges a person made that reached the provider (a form nobody paid is not history). */
export function paymentsOf(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: payments.id,
      kind: payments.kind,
      status: payments.status,
      amountCents: payments.amountCents,
      createdAt: payments.createdAt,
      succeededAt: payments.succeededAt,
      reference: payments.providerIntentId,
      projectId: payments.projectId,
      title: sql<string | null>`coalesce(${projects.title}, ${payments.draft}->>'title')`,
      draftDepositCents: sql<string | null>`${payments.draft}->>'depositCents'`,
    })
    .from(payments)
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .where(and(eq(payments.userId, userId), inArray(payments.status, ['succeeded', 'processing', 'failed'])))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** The settlements of a person's projects: what went back to the card and what was paid out. */
export function settlementsOf(db: Db, userId: string, limit: number) {
  return db
    .select({
      projectId: settlements.projectId,
      title: projects.title,
      cancelledAt: projects.cancelledAt,
      refundStatus: settlements.refundStatus,
      refundToCardCents: settlements.refundToCardCents,
      refundId: settlements.refundId,
      refundedAt: settlements.refundedAt,
      payoutStatus: settlements.payoutStatus,
      payoutCents: settlements.payoutCents,
      latePayoutCents: settlements.latePayoutCents,
      payoutId: settlements.payoutId,
      payoutPaidAt: settlements.payoutPaidAt,
      forfeitCents: settlements.forfeitCents,
      missedCheckins: settlements.missedCheckins,
      totalCheckins: settlements.totalCheckins,
      settledAt: settlements.settledAt,
    })
    .from(settlements)
    .innerJoin(projects, eq(projects.id, settlements.projectId))
    .where(eq(settlements.userId, userId))
    .orderBy(desc(settlements.settledAt))
    .limit(limit);
}

/** Donations to a person's projects (the donor's name only when they gave it openly). */
export function donationsTo(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: donations.id,
      projectId: donations.projectId,
      title: projects.title,
      amountCents: donations.amountCents,
      creatorShareCents: donations.creatorShareCents,
      donorName: donations.donorName,
      donorAnonymous: donations.donorAnonymous,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .innerJoin(projects, eq(projects.id, donations.projectId))
    .where(eq(projects.userId, userId))
    .orderBy(desc(donations.createdAt))
    .limit(limit);
}

/** One of the person's own payments, with what its receipt names; undefined for anyone else's. */
export async function receiptPayment(db: Db, userId: string, paymentId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      status: payments.status,
      provider: payments.provider,
      amountCents: payments.amountCents,
      createdAt: payments.createdAt,
      succeededAt: payments.succeededAt,
      reference: payments.providerIntentId,
      projectId: payments.projectId,
      title: sql<string | null>`coalesce(${projects.title}, ${payments.draft}->>'title')`,
      charityId: projects.charityId,
      draftDepositCents: sql<string | null>`${payments.draft}->>'depositCents'`,
      draftCharityId: sql<string | null>`${payments.draft}->>'charityId'`,
      termsVersion: payments.termsVersion,
      termsAgreedAt: payments.termsAgreedAt,
      email: users.email,
      username: users.username,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  return row;
}

/** A project's settlement: its card refund goes back to the deposit's payment. */
export async function refundOfProject(db: Db, projectId: string) {
  const [row] = await db
    .select({
      refundStatus: settlements.refundStatus,
      refundToCardCents: settlements.refundToCardCents,
      refundId: settlements.refundId,
      refundedAt: settlements.refundedAt,
      settledAt: settlements.settledAt,
    })
    .from(settlements)
    .where(eq(settlements.projectId, projectId));
  return row;
}
