// The check-in path writes a project's counters inline; tests compare them with a full recompute.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { projectCheckins, projects } from '../../src/db/schema.ts';
import {
  computeProjectCounters,
  scheduleColumns,
  validUntilValue,
} from '../../src/modules/projects/counters.ts';

/** Recompute one project's counters at `now` from all its check-ins, and store them. */
export async function refreshProjectCounters(db: Db, projectId: string, now: Date): Promise<void> {
  const [project] = await db.select(scheduleColumns).from(projects).where(eq(projects.id, projectId));
  if (!project) return;
  const checkIns = await db
    .select({ checkInProjectDate: projectCheckins.checkInProjectDate, createdAt: projectCheckins.createdAt })
    .from(projectCheckins)
    .where(eq(projectCheckins.projectId, projectId));
  const counters = computeProjectCounters(project, checkIns, now);
  await db
    .update(projects)
    .set({
      completedCheckins: counters.completedCheckins,
      missedCheckins: counters.missedCheckins,
      countersValidUntil: sql`${validUntilValue(counters.validUntil)}::timestamptz`,
    })
    .where(eq(projects.id, projectId));
}
