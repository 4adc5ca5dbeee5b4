// Data export SQL: the export rows themselves (each read and change scoped to its owner or to the job
// that builds it), and what an export contains — every read keyed on the exporting user's id.
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  dataExports,
  donations,
  payments,
  projectCheckins,
  projects,
  pushSubscriptions,
  settlements,
  userFavorites,
  users,
} from '../../db/schema.ts';
import type { Executor } from '../ledger/ledger.ts';

export type ExportRow = typeof dataExports.$inferSelect;

// ---------- the export rows ----------

/**
 * A new export for `userId`, queued — unless one is queued or building already: then nothing is
 * inserted (the partial unique index decides, so two requests at once cannot both start one).
 */
export async function insertExport(
  tx: Executor,
  input: { userId: string; progressTotal: number; createdAt: Date },
): Promise<ExportRow | undefined> {
  const [row] = await tx
    .insert(dataExports)
    .values({ userId: input.userId, progressTotal: input.progressTotal, createdAt: input.createdAt })
    .onConflictDoNothing({
      target: dataExports.userId,
      where: sql`${dataExports.state} in ('queued', 'building')`,
    })
    .returning();
  return row;
}

/** The user's export that is queued or building, if any. */
export async function busyExportOf(db: Executor, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.state, ['queued', 'building'])));
  return row;
}

/** The user's most recent export. */
export async function latestExportOf(db: Db, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

/** One of the user's own exports; undefined for anyone else's. */
export async function exportOfUser(db: Db, userId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  return row;
}

/** The job takes a queued export (or one a dead worker left building): it starts again from step 0. */
export async function claimExport(db: Db, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({ state: 'building', progress: 0 })
    .where(and(eq(dataExports.id, id), inArray(dataExports.state, ['queued', 'building'])))
    .returning();
  return row;
}

export async function setProgress(db: Db, id: string, progress: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ progress })
    .where(and(eq(dataExports.id, id), eq(dataExports.state, 'building')));
}

/** Building → ready; false when the row is no longer building (nothing changes then). */
export async function markReady(
  tx: Executor,
  id: string,
  done: { readyAt: Date; expiresAt: Date; size: number },
): Promise<boolean> {
  const rows = await tx
    .update(dataExports)
    .set({ state: 'ready', progress: dataExports.progressTotal, ...done })
    .where(and(eq(dataExports.id, id), eq(dataExports.state, 'building')))
    .returning({ id: dataExports.id });
  return rows.length === 1;
}

export async function markFailed(db: Db, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ state: 'failed' })
    .where(and(eq(dataExports.id, id), inArray(dataExports.state, ['queued', 'building'])));
}

/** Ready exports whose time is up at `now`, oldest first. */
export function dueForExpiry(db: Db, now: Date, limit: number) {
  return db
    .select({ id: dataExports.id, userId: dataExports.userId })
    .from(dataExports)
    .where(and(eq(dataExports.state, 'ready'), lte(dataExports.expiresAt, now)))
    .orderBy(asc(dataExports.expiresAt))
    .limit(limit);
}

export async function markExpired(db: Db, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ state: 'expired' })
    .where(and(eq(dataExports.id, id), eq(dataExports.state, 'ready')));
}

// ---------- what an export contains ----------

export async function profileOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      timezone: users.timezone,
      reminderPrefs: users.reminderPrefs,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Every project the user created, deleted and cancelled ones too. */
export function projectsOf(db: Db, userId: string) {
  return db
    .select({
      id: projects.id,
      title: projects.title,
      description: projects.description,
      tag: projects.tag,
      visibility: projects.visibility,
      imageUrl: projects.imageUrl,
      depositCents: projects.depositAmount,
      refundableCents: projects.refundableAmount,
      createdAt: projects.createdAt,
      endDate: projects.endDate,
      totalLengthDays: projects.totalLengthDays,
      totalLengthValue: projects.totalLengthValue,
      totalLengthUnit: projects.totalLengthUnit,
      checkInFrequencyDays: projects.checkInFrequencyDays,
      checkInFrequencyValue: projects.checkInFrequencyValue,
      checkInFrequencyUnit: projects.checkInFrequencyUnit,
      projectTimezone: projects.projectTimezone,
      projectStatus: projects.projectStatus,
      charityId: projects.charityId,
      pausedPeriods: projects.pausedPeriods,
      endedEarlyAt: projects.endedEarlyAt,
      cancelledAt: projects.cancelledAt,
      deletedAt: projects.deletedAt,
    })
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(asc(projects.createdAt), asc(projects.id));
}

/** The check-ins the user posted. */
export function checkInsOf(db: Db, userId: string) {
  return db
    .select({
      id: projectCheckins.id,
      projectId: projectCheckins.projectId,
      projectTitle: projects.title,
      createdAt: projectCheckins.createdAt,
      checkInProjectDate: projectCheckins.checkInProjectDate,
      checkInLocalDate: projectCheckins.checkInLocalDate,
      checkInTimezone: projectCheckins.checkInTimezone,
      updateText: projectCheckins.updateText,
      photoUrl: projectCheckins.photoUrl,
      videoUrl: projectCheckins.videoUrl,
      isCoverPhoto: projectCheckins.isCoverPhoto,
    })
    .from(projectCheckins)
    .innerJoin(projects, eq(projects.id, projectCheckins.projectId))
    .where(eq(projectCheckins.userId, userId))
    .orderBy(asc(projectCheckins.createdAt), asc(projectCheckins.id));
}

/** Donations the user paid for while signed in (their payment carries their id). */
export function donationsMadeBy(db: Db, userId: string) {
  return db
    .select({
      id: donations.id,
      projectId: donations.projectId,
      projectTitle: projects.title,
      amountCents: donations.amountCents,
      creatorShareCents: donations.creatorShareCents,
      platformShareCents: donations.platformShareCents,
      donorName: donations.donorName,
      donorEmail: donations.donorEmail,
      donorAnonymous: donations.donorAnonymous,
      message: donations.message,
      showAmount: donations.showAmount,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .innerJoin(payments, eq(payments.id, donations.paymentId))
    .innerJoin(projects, eq(projects.id, donations.projectId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(donations.createdAt), asc(donations.id));
}

/** Donations to the user's projects. The donor's email is theirs, not the owner's: never read here. */
export function donationsReceivedBy(db: Db, userId: string) {
  return db
    .select({
      id: donations.id,
      projectId: donations.projectId,
      projectTitle: projects.title,
      amountCents: donations.amountCents,
      creatorShareCents: donations.creatorShareCents,
      donorName: donations.donorName,
      donorAnonymous: donations.donorAnonymous,
      message: donations.message,
      messageHiddenAt: donations.messageHiddenAt,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .innerJoin(projects, eq(projects.id, donations.projectId))
    .where(eq(projects.userId, userId))
    .orderBy(asc(donations.createdAt), asc(donations.id));
}

/** The user's own charges that reached the provider (a form nobody paid is not a payment). */
export function paymentsOf(db: Db, userId: string) {
  return db
    .select({
      id: payments.id,
      kind: payments.kind,
      status: payments.status,
      amountCents: payments.amountCents,
      currency: payments.currency,
      projectId: payments.projectId,
      projectTitle: sql<string | null>`coalesce(${projects.title}, ${payments.draft}->>'title')`,
      reference: payments.providerIntentId,
      createdAt: payments.createdAt,
      succeededAt: payments.succeededAt,
      termsVersion: payments.termsVersion,
      termsAgreedAt: payments.termsAgreedAt,
    })
    .from(payments)
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .where(and(eq(payments.userId, userId), inArray(payments.status, ['succeeded', 'processing', 'failed'])))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Settlements of the user's projects with money back to the card or paid out. */
export function settlementsOf(db: Db, userId: string) {
  return db
    .select({
      projectId: settlements.projectId,
      projectTitle: projects.title,
      poolCents: settlements.poolCents,
      totalCheckins: settlements.totalCheckins,
      missedCheckins: settlements.missedCheckins,
      forfeitCents: settlements.forfeitCents,
      refundStatus: settlements.refundStatus,
      refundToCardCents: settlements.refundToCardCents,
      refundId: settlements.refundId,
      refundedAt: settlements.refundedAt,
      payoutStatus: settlements.payoutStatus,
      payoutCents: settlements.payoutCents,
      latePayoutCents: settlements.latePayoutCents,
      payoutPaidCents: settlements.payoutPaidCents,
      payoutId: settlements.payoutId,
      payoutPaidAt: settlements.payoutPaidAt,
      settledAt: settlements.settledAt,
    })
    .from(settlements)
    .innerJoin(projects, eq(projects.id, settlements.projectId))
    .where(
      and(
        eq(settlements.userId, userId),
        or(
          sql`${settlements.refundToCardCents} > 0`,
          sql`${settlements.payoutCents} + ${settlements.latePayoutCents} > 0`,
        ),
      ),
    )
    .orderBy(asc(settlements.settledAt), asc(settlements.projectId));
}

export function favoritesOf(db: Db, userId: string) {
  return db
    .select({
      projectId: userFavorites.projectId,
      projectTitle: projects.title,
      createdAt: userFavorites.createdAt,
    })
    .from(userFavorites)
    .innerJoin(projects, eq(projects.id, userFavorites.projectId))
    .where(eq(userFavorites.userId, userId))
    .orderBy(asc(userFavorites.createdAt), asc(userFavorites.projectId));
}

/** The browsers the user turned push notifications on in (their push address and keys stay out). */
export function pushDevicesOf(db: Db, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      deviceLabel: pushSubscriptions.deviceLabel,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}
