// History's SQL: a person's (or one project's) live projects with their schedule columns, and their
// check-ins (checkins_user_date_idx / checkins_project_date_idx).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, users } from '../../db/schema.ts';

const scheduleColumns = {
  id: projects.id,
  userId: projects.userId,
  createdAt: projects.createdAt,
  endDate: projects.endDate,
  totalLengthDays: projects.totalLengthDays,
  checkInFrequencyDays: projects.checkInFrequencyDays,
  projectTimezone: projects.projectTimezone,
  pausedPeriods: projects.pausedPeriods,
  endedEarlyAt: projects.endedEarlyAt,
};

export type HistoryProject = Awaited<ReturnType<typeof selectUserProjects>>[number];

/** The user's projects that are not deleted (nor cancelled: a cancel deletes). */
export async function selectUserProjects(db: Db, userId: string) {
  return db
    .select(scheduleColumns)
    .from(projects)
    .where(and(eq(projects.userId, userId), isNull(projects.deletedAt)));
}

export async function selectProject(db: Db, projectId: string) {
  const [row] = await db
    .select(scheduleColumns)
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)));
  return row;
}

export async function selectUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id, timezone: users.timezone })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function selectUser(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The project dates of `userId`'s check-ins on live projects since `from` (a local date). */
export async function selectUserCheckInDates(db: Db, userId: string, from: string): Promise<string[]> {
  const { rows } = await db.execute<{ date: string }>(sql`
    select c.check_in_project_date::text as date
      from project_checkins c
      join projects p on p.id = c.project_id and p.deleted_at is null
     where c.user_id = ${userId} and c.check_in_project_date >= ${from}::date`);
  return rows.map((r) => r.date);
}
