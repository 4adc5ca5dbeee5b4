// Per-project check-in counters kept on the projects row so the home filters on missed and completed
// check-ins run on indexes (docs/decisions/005-browse-queries.md). The counts are the domain's
// (checkInCounts); `counters_valid_until` is the first instant at which the missed count can change
// without a new check-in (the current period closes, or the project ends). Rows past that instant are
// "due" and recomputed by refreshDueProjectCounters (a periodic sweep, and before a missed filter runs).
import { and, asc, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  addDays,
  hasStopped,
  checkInCounts,
  localDateOf,
  periodIndexOf,
  periodRange,
  projectSchedule,
  startOfLocalDay,
  type ScheduleCheckIn,
  type ScheduleProject,
} from '@kept/domain';
import type { Db } from '../../db/client.ts';
import { projectCheckins, projects } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type ProjectCounters = {
  completedCheckins: number;
  missedCheckins: number;
  /** Until when the counts hold without a new check-in; null once the project has ended (forever). */
  validUntil: Date | null;
};

/** The counters of one project at `now`, from the shared rules. */
export function computeProjectCounters(
  project: ScheduleProject,
  checkIns: readonly ScheduleCheckIn[],
  now: Date,
): ProjectCounters {
  const schedule = projectSchedule(project);
  const counts = checkInCounts(schedule, checkIns, now);
  let validUntil: Date | null = null;
  if (!hasStopped(schedule, now)) {
    // The current period (period 0 before the start) closes at the local midnight after its last day;
    // the project's end closes every period at once. Whichever comes first may change `missed`.
    const today = localDateOf(now, schedule.timezone);
    const current = periodIndexOf(schedule, today) ?? 0;
    const closesAt = startOfLocalDay(addDays(periodRange(schedule, current).last, 1), schedule.timezone);
    const afterEnd = schedule.endsAt.getTime() + 1;
    const first = Math.min(closesAt.getTime(), afterEnd);
    validUntil = new Date(first > now.getTime() ? first : afterEnd);
  }
  return { completedCheckins: counts.completed, missedCheckins: counts.missed, validUntil };
}

/** SQL value for `counters_valid_until`: the instant, or 'infinity' once counts are final. */
export function validUntilValue(validUntil: Date | null): string {
  return validUntil ? validUntil.toISOString() : 'infinity';
}

export const scheduleColumns = {
  id: projects.id,
  createdAt: projects.createdAt,
  endDate: projects.endDate,
  totalLengthDays: projects.totalLengthDays,
  checkInFrequencyDays: projects.checkInFrequencyDays,
  timezone: projects.projectTimezone,
  pausedPeriods: projects.pausedPeriods,
  endedEarlyAt: projects.endedEarlyAt,
};

/** The check-ins (as the schedule rules read them) of a batch of projects, by project id. */
export async function checkInsByProject(
  db: Db | Tx,
  projectIds: readonly string[],
): Promise<Map<string, ScheduleCheckIn[]>> {
  const byProject = new Map<string, ScheduleCheckIn[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .select({
      projectId: projectCheckins.projectId,
      checkInProjectDate: projectCheckins.checkInProjectDate,
      createdAt: projectCheckins.createdAt,
    })
    .from(projectCheckins)
    .where(inArray(projectCheckins.projectId, [...projectIds]));
  for (const { projectId, ...checkIn } of rows) {
    const list = byProject.get(projectId) ?? [];
    list.push(checkIn);
    byProject.set(projectId, list);
  }
  return byProject;
}

/**
 * Recompute the counters of up to `limit` due projects (valid-until passed) at `now`. Rows another
 * refresher holds are skipped. Returns how many were refreshed.
 */
export async function refreshDueProjectCounters(
  db: Db,
  now: Date,
  opts: { limit?: number } = {},
): Promise<number> {
  const limit = opts.limit ?? 1000;
  return db.transaction(async (tx) => {
    const due = await tx
      .select(scheduleColumns)
      .from(projects)
      .where(and(lte(projects.countersValidUntil, now), isNull(projects.deletedAt)))
      .orderBy(asc(projects.countersValidUntil))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((p) => p.id);
    const byProject = await checkInsByProject(tx, ids);
    const completed: number[] = [];
    const missed: number[] = [];
    const validUntil: string[] = [];
    for (const project of due) {
      const counters = computeProjectCounters(project, byProject.get(project.id) ?? [], now);
      completed.push(counters.completedCheckins);
      missed.push(counters.missedCheckins);
      validUntil.push(validUntilValue(counters.validUntil));
    }
    await tx.execute(sql`
      update projects p
         set completed_checkins = v.completed, missed_checkins = v.missed, counters_valid_until = v.valid_until
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(completed)}::int[], ${sql.param(missed)}::int[],
                    ${sql.param(validUntil)}::timestamptz[])
             as v(id, completed, missed, valid_until)
       where p.id = v.id`);
    return due.length;
  });
}

/** Is any counter due at $1? (exported for the benchmark's EXPLAIN) */
export const COUNTERS_DUE_SQL =
  'select min(counters_valid_until) <= $1::timestamptz as due from projects where deleted_at is null';

/** Is any project's counter due at `now`? (cheap: one probe of the valid-until index) */
export async function hasDueProjectCounters(db: Db, now: Date): Promise<boolean> {
  // Asked before every search on check-in counts. Its plan must not depend on `now`: a generic plan of
  // `valid_until <= $1 limit 1` guesses that a third of the rows match and reads the table from the
  // start, finding none. The soonest valid-until is one probe of projects_counters_due_idx, whatever
  // `now` is.
  const { rows } = await db.$client.query<{ due: boolean | null }>({
    text: COUNTERS_DUE_SQL,
    values: [now],
  });
  return rows[0]?.due === true;
}

/** Refresh every due project, in batches (the periodic sweep). */
export async function refreshAllDueProjectCounters(db: Db, now: Date, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await refreshDueProjectCounters(db, now, { limit: batch });
    total += done;
    if (done < batch) return total;
  }
}
