// The calendar feed's SQL: the user's feed secret, and the running projects a feed lists.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, users } from '../../db/schema.ts';

/** The user's feed secret, made on first ask (two first asks at once keep the one written first). */
export async function ensureFeedToken(db: Db, userId: string, fresh: string): Promise<string | undefined> {
  const [row] = await db
    .update(users)
    .set({ calendarToken: sql`coalesce(${users.calendarToken}, ${fresh})` })
    .where(eq(users.id, userId))
    .returning({ token: users.calendarToken });
  return row?.token ?? undefined;
}

/** A new secret: the old URL stops working at once. */
export async function replaceFeedToken(
  db: Db,
  userId: string,
  fresh: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(users)
    .set({ calendarToken: fresh, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ token: users.calendarToken });
  return row?.token ?? undefined;
}

/** The holder of a feed secret, if any. */
export async function userByFeedToken(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.calendarToken, token));
  return row?.id;
}

/** The user's projects that are running (active, not deleted or cancelled), oldest first. */
export async function selectFeedProjects(db: Db, userId: string) {
  return db
    .select({
      id: projects.id,
      title: projects.title,
      createdAt: projects.createdAt,
      endDate: projects.endDate,
      totalLengthDays: projects.totalLengthDays,
      checkInFrequencyDays: projects.checkInFrequencyDays,
      projectTimezone: projects.projectTimezone,
      pausedPeriods: projects.pausedPeriods,
      endedEarlyAt: projects.endedEarlyAt,
    })
    .from(projects)
    .where(and(eq(projects.userId, userId), isNull(projects.deletedAt), eq(projects.projectStatus, 'active')))
    .orderBy(asc(projects.createdAt));
}
