// Reminder preferences' SQL: the owner's (users.reminder_prefs, null = the defaults) and a project's
// override (projects.reminder_override).
import { DEFAULT_REMINDER_PREFS, type ReminderOverride, type ReminderPrefs } from '@kept/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, users } from '../../db/schema.ts';
import type { Tx } from '../ledger/ledger.ts';

export const prefsOrDefault = (prefs: ReminderPrefs | null | undefined): ReminderPrefs =>
  prefs ?? DEFAULT_REMINDER_PREFS;

export async function selectPrefs(db: Db | Tx, userId: string): Promise<ReminderPrefs | undefined> {
  const [row] = await db.select({ prefs: users.reminderPrefs }).from(users).where(eq(users.id, userId));
  return row ? prefsOrDefault(row.prefs) : undefined;
}

/** The owner's projects that can still send a reminder (running, not deleted), oldest first. */
export async function selectRunningProjects(db: Db | Tx, userId: string) {
  return db
    .select({ projectId: projects.id, title: projects.title, override: projects.reminderOverride })
    .from(projects)
    .where(
      and(
        eq(projects.userId, userId),
        isNull(projects.deletedAt),
        eq(projects.projectStatus, 'active'),
        ne(projects.nextTickAt, sql`'infinity'`),
      ),
    )
    .orderBy(asc(projects.createdAt));
}

/**
 * Stores the owner's preferences, and has the lifecycle tick look at their running projects again at once
 * (a reminder may now be due sooner, later, or not at all).
 */
export async function savePrefs(tx: Tx, userId: string, prefs: ReminderPrefs, now: Date): Promise<void> {
  await tx.update(users).set({ reminderPrefs: prefs, updatedAt: now }).where(eq(users.id, userId));
  await tx
    .update(projects)
    .set({ nextTickAt: sql`'-infinity'` })
    .where(and(eq(projects.userId, userId), ne(projects.nextTickAt, sql`'infinity'`)));
}

export async function saveOverride(
  tx: Tx,
  projectId: string,
  override: ReminderOverride | null,
  now: Date,
): Promise<void> {
  await tx
    .update(projects)
    .set({ reminderOverride: override, nextTickAt: sql`'-infinity'`, updatedAt: now })
    .where(eq(projects.id, projectId));
}
