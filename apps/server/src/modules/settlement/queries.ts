// Settlement's SQL. Every write of a settlement row goes through insertSettlement or updateSettlement:
// the refund's and the payout's states (refund_status, payout_status) are written nowhere else, and
// `state` is derived from them by the database.
import type { ScheduleCheckIn } from '@kept/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, projectCheckins, projects, settlements, users } from '../../db/schema.ts';
import type { Executor, Tx } from '../ledger/ledger.ts';
import type { ProjectRow, SettlementRow } from './deps.ts';

type SettlementInsert = typeof settlements.$inferInsert;
/** A change to a settlement row: any columns but its identity, always with the time it was made. */
export type SettlementChange = Partial<Omit<SettlementInsert, 'projectId' | 'userId' | 'createdAt'>> & {
  updatedAt: Date;
};

export async function readSettlement(db: Executor, projectId: string): Promise<SettlementRow | undefined> {
  const [row] = await db.select().from(settlements).where(eq(settlements.projectId, projectId));
  return row;
}

/** The settlement row, locked for the rest of the transaction; undefined when the project has none. */
export async function lockSettlementIfAny(tx: Tx, projectId: string): Promise<SettlementRow | undefined> {
  const [row] = await tx.select().from(settlements).where(eq(settlements.projectId, projectId)).for('update');
  return row;
}

export async function lockSettlement(tx: Tx, projectId: string): Promise<SettlementRow> {
  const row = await lockSettlementIfAny(tx, projectId);
  if (!row) throw new Error(`settlement of project ${projectId} vanished`);
  return row;
}

/** Where the project's forfeits go ('kept-fund' when the project is gone). */
export async function charityOf(tx: Executor, projectId: string): Promise<string> {
  const [row] = await tx
    .select({ charityId: projects.charityId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.charityId ?? 'kept-fund';
}

export async function lockProject(tx: Tx, projectId: string): Promise<ProjectRow | undefined> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
  return project;
}

/** A project's check-ins, oldest first (what the schedule counts). */
export function checkInsOf(tx: Executor, projectId: string): Promise<ScheduleCheckIn[]> {
  return tx
    .select({ checkInProjectDate: projectCheckins.checkInProjectDate, createdAt: projectCheckins.createdAt })
    .from(projectCheckins)
    .where(eq(projectCheckins.projectId, projectId))
    .orderBy(asc(projectCheckins.createdAt));
}

export async function insertSettlement(tx: Tx, values: SettlementInsert): Promise<SettlementRow> {
  const [row] = await tx.insert(settlements).values(values).returning();
  return row!;
}

export async function updateSettlement(
  tx: Tx,
  projectId: string,
  change: SettlementChange,
): Promise<SettlementRow> {
  const [row] = await tx
    .update(settlements)
    .set(change)
    .where(eq(settlements.projectId, projectId))
    .returning();
  if (!row) throw new Error(`settlement of project ${projectId} vanished`);
  return row;
}

/** The project has ended: no check-in is due any more and the lifecycle tick never looks at it again. */
export async function closeProject(
  tx: Tx,
  projectId: string,
  status: 'settled' | 'completed',
): Promise<void> {
  await tx
    .update(projects)
    .set({ projectStatus: status, nextCheckinDate: null, nextTickAt: sql`'infinity'` })
    .where(eq(projects.id, projectId));
}

export async function setProjectStatus(tx: Tx, projectId: string, status: 'settled' | 'completed') {
  await tx.update(projects).set({ projectStatus: status }).where(eq(projects.id, projectId));
}

export async function ownerOf(tx: Tx, userId: string) {
  const [owner] = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return owner;
}

/** The settlement notification's row (one per project); undefined when it exists already. */
export async function insertSettlementNotification(
  tx: Tx,
  input: { projectId: string; userId: string; now: Date },
): Promise<string | undefined> {
  const [note] = await tx
    .insert(notifications)
    .values({
      projectId: input.projectId,
      userId: input.userId,
      period: 0,
      kind: 'settlement',
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return note?.id;
}

/** A refund the provider left pending is to be looked at `now`; its project, when the refund is ours. */
export async function markRefundCheckDue(tx: Tx, refundId: string, now: Date): Promise<string | undefined> {
  const [row] = await tx
    .update(settlements)
    .set({ nextAttemptAt: now, updatedAt: now })
    .where(and(eq(settlements.refundId, refundId), eq(settlements.refundStatus, 'processing')))
    .returning({ projectId: settlements.projectId });
  return row?.projectId;
}

/** The settlement rows of these projects (statements). */
export function settlementsOf(db: Db, projectIds: readonly string[]): Promise<SettlementRow[]> {
  return db
    .select()
    .from(settlements)
    .where(inArray(settlements.projectId, [...projectIds]));
}

/** The check-ins of these projects (statement previews). */
export function checkInsOfProjects(db: Db, projectIds: readonly string[]) {
  return db
    .select({
      projectId: projectCheckins.projectId,
      checkInProjectDate: projectCheckins.checkInProjectDate,
      createdAt: projectCheckins.createdAt,
    })
    .from(projectCheckins)
    .where(inArray(projectCheckins.projectId, [...projectIds]));
}
