// The project lifecycle tick (decision 007). Each project row carries `next_tick_at`: the next instant
// something can change for it without a user acting — a period starts (next_checkin_date moves on), a
// reminder becomes due (09:00 in the owner's zone), the project ends. A worker claims due rows with
// `for update skip locked` (so instances share the work and never tick one project twice at once) and,
// in the same transaction:
//   - keeps next_checkin_date right (the shared rules' nextCheckIn);
//   - sends the reminders the owner asked for (@kept/domain remindersDue: their channels and moments,
//     the project's override, quiet hours in the owner's zone; none for a paused period), once each
//     (notifications row, unique per project/period/kind); the email and the pushes (one per browser
//     the owner subscribed) are queued as jobs;
//   - after the end: project_status 'completed', no next check-in (settlement_due queues the 'settle'
//     job once end + grace has passed);
//   - sets the next tick.
import crypto from 'node:crypto';
import {
  DEFAULT_REMINDER_PREFS,
  effectivePrefs,
  hasStopped,
  localDateOf,
  nextCheckIn,
  nextReminderAt,
  periodIndexOf,
  periodRange,
  periods,
  projectSchedule,
  remindersDue,
  startOfLocalDay,
  type PlannedReminder,
  type ReminderOverride,
  type ReminderPrefs,
  type ReminderTiming,
  type Schedule,
  type ScheduleCheckIn,
} from '@kept/domain';
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { notifications, projects, users } from '../db/schema.ts';
import type { Tx } from '../modules/ledger/ledger.ts';
import { reminderEmail, reminderPush, type ReminderKind } from '../modules/notifications/emails.ts';
import { queuePush } from '../modules/push/index.ts';
import { UNSUBSCRIBE_PATH } from '../modules/notifications/routes.ts';
import { checkInsByProject } from '../modules/projects/counters.ts';
import { checkRefundJobKey, settleJobKey } from '../modules/settlement/index.ts';
import { SETTLEMENT_GRACE_MS } from '../modules/settlement/rules.ts';
import { MAX_ATTEMPTS, queueEmail } from './tasks.ts';

const BATCH = 100;
const HOUR = 3_600_000;

type Log = { error: (obj: object, msg: string) => void };

type TickProject = {
  id: string;
  userId: string;
  title: string;
  createdAt: Date;
  endDate: Date;
  totalLengthDays: number;
  checkInFrequencyDays: number;
  projectTimezone: string;
  projectStatus: string;
  deletedAt: Date | null;
  pausedPeriods: number[];
  endedEarlyAt: Date | null;
  reminderOverride: ReminderOverride | null;
};

type Owner = {
  id: string;
  email: string;
  username: string | null;
  timezone: string;
  reminderPrefs: ReminderPrefs | null;
  /** An address not yet confirmed gets no reminders (issue 24). */
  emailVerified: boolean;
  notificationToken: string | null;
};

/** The notifications row's kind of each reminder moment. */
const KIND_OF: Record<ReminderTiming, ReminderKind> = {
  'day-before': 'day-before',
  'morning-of': 'due',
  overdue: 'overdue',
};

export function createLifecycle(deps: { db: Db; clock: Clock; log: Log; baseUrl: string }) {
  const { db, clock, log } = deps;

  async function ensureToken(tx: Tx, owner: Owner): Promise<string> {
    if (owner.notificationToken) return owner.notificationToken;
    const [row] = await tx
      .update(users)
      .set({
        notificationToken: sql`coalesce(${users.notificationToken}, ${crypto.randomBytes(24).toString('base64url')})`,
      })
      .where(eq(users.id, owner.id))
      .returning({ token: users.notificationToken });
    owner.notificationToken = row!.token;
    return row!.token!;
  }

  async function remind(
    tx: Tx,
    input: { project: TickProject; owner: Owner; schedule: Schedule; checkIns: ScheduleCheckIn[] },
    reminder: PlannedReminder,
    now: Date,
  ): Promise<void> {
    const { project, owner, schedule } = input;
    const kind = KIND_OF[reminder.timing];
    const period = reminder.period;
    const [note] = await tx
      .insert(notifications)
      .values({ projectId: project.id, userId: owner.id, period, kind, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (!note) return;
    if (reminder.channels.includes('push'))
      await queuePush(
        tx,
        `notification:${note.id}`,
        owner.id,
        reminderPush({
          kind,
          projectId: project.id,
          title: project.title,
          dueDate: schedule.checkInDates[period]!,
          lastDate: periodRange(schedule, period).last,
        }),
      );
    if (!reminder.channels.includes('email')) return;
    const token = await ensureToken(tx, owner);
    const missedSoFar = periods(schedule, input.checkIns, now).filter((p) => p.state === 'missed').length;
    await queueEmail(
      tx,
      `notification:${note.id}`,
      reminderEmail({
        kind,
        to: owner.email,
        username: owner.username,
        title: project.title,
        dueDate: schedule.checkInDates[period]!,
        lastDate: periodRange(schedule, period).last,
        missedSoFar,
        totalCheckIns: schedule.checkInDates.length,
        url: `${deps.baseUrl}/project/${project.id}`,
        unsubscribeUrl: `${deps.baseUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
      }),
    );
  }

  async function tickProject(
    tx: Tx,
    project: TickProject,
    checkIns: ScheduleCheckIn[],
    owner: Owner | undefined,
    now: Date,
  ): Promise<void> {
    const schedule = projectSchedule({
      createdAt: project.createdAt,
      endDate: project.endDate,
      totalLengthDays: project.totalLengthDays,
      checkInFrequencyDays: project.checkInFrequencyDays,
      timezone: project.projectTimezone,
      pausedPeriods: project.pausedPeriods,
      endedEarlyAt: project.endedEarlyAt,
    });
    const t = now.getTime();
    if (hasStopped(schedule, now)) {
      await tx
        .update(projects)
        .set({
          projectStatus: project.projectStatus === 'active' ? 'completed' : project.projectStatus,
          nextCheckinDate: null,
          nextTickAt: sql`'infinity'`,
        })
        .where(eq(projects.id, project.id));
      return;
    }

    const today = localDateOf(now, schedule.timezone);
    const k = periodIndexOf(schedule, today) ?? 0;
    const ownerZone = owner?.timezone ?? schedule.timezone;
    const prefs = effectivePrefs(owner?.reminderPrefs ?? DEFAULT_REMINDER_PREFS, project.reminderOverride);

    // remindersDue sends nothing for a paused period, a period checked in, or with every channel off;
    // an address not yet confirmed gets none at all.
    if (owner?.emailVerified && !project.deletedAt) {
      const input = { project, owner, schedule, checkIns };
      for (const reminder of remindersDue(schedule, checkIns, prefs, ownerZone, now))
        await remind(tx, input, reminder, now);
    }

    const nextPeriod = schedule.checkInDates[k + 1];
    const candidates = [
      schedule.endsAt.getTime() + 1,
      nextPeriod ? startOfLocalDay(nextPeriod, schedule.timezone).getTime() : Infinity,
      (owner && nextReminderAt(schedule, prefs, ownerZone, now)?.getTime()) || Infinity,
    ].filter((c) => c > t);
    const nextTick = new Date(Math.min(...candidates));
    await tx
      .update(projects)
      .set({ nextCheckinDate: nextCheckIn(schedule, checkIns, now)?.date ?? null, nextTickAt: nextTick })
      .where(eq(projects.id, project.id));
  }

  /** One batch of due projects, in one transaction; a project that fails is logged and looked at in an hour. */
  async function tickBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const rows = await tx
        .select({
          id: projects.id,
          userId: projects.userId,
          title: projects.title,
          createdAt: projects.createdAt,
          endDate: projects.endDate,
          totalLengthDays: projects.totalLengthDays,
          checkInFrequencyDays: projects.checkInFrequencyDays,
          projectTimezone: projects.projectTimezone,
          projectStatus: projects.projectStatus,
          deletedAt: projects.deletedAt,
          pausedPeriods: projects.pausedPeriods,
          endedEarlyAt: projects.endedEarlyAt,
          reminderOverride: projects.reminderOverride,
        })
        .from(projects)
        .where(lte(projects.nextTickAt, now))
        .orderBy(asc(projects.nextTickAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.id);
      const byProject = await checkInsByProject(tx, ids);
      const ownerRows = await tx
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          timezone: users.timezone,
          reminderPrefs: users.reminderPrefs,
          emailVerified: users.emailVerified,
          notificationToken: users.notificationToken,
        })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))]));
      const owners = new Map(ownerRows.map((o) => [o.id, o]));
      for (const row of rows) {
        try {
          await tx.transaction((sp) =>
            tickProject(sp, row, byProject.get(row.id) ?? [], owners.get(row.userId), now),
          );
        } catch (err) {
          log.error({ err, projectId: row.id }, 'project lifecycle tick failed; trying again in an hour');
          await tx
            .update(projects)
            .set({ nextTickAt: new Date(now.getTime() + HOUR) })
            .where(eq(projects.id, row.id));
        }
      }
      return rows.length;
    });
  }

  /** Tick every due project (batches until none is left). Returns how many were ticked. */
  async function tickDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await tickBatch();
      total += n;
      if (n < BATCH) return total;
    }
  }

  /**
   * settlement_due: the settle job of every ended project whose grace has passed and that has no
   * settlement yet, and of every settlement with work due by the clock (a refund to make or retry, a
   * payout owed); the check_refund job of every refund the provider left pending whose next look is due.
   * Their job keys make this a no-op for work already queued or running. Returns how many it looked at.
   */
  async function queueDueSettlements(): Promise<number> {
    const now = clock.now();
    const graceCutoff = new Date(now.getTime() - SETTLEMENT_GRACE_MS);
    const { rows } = await db.execute<{ n: number }>(sql`
      with due as (
        select s.project_id as id, 'settle' as task
          from settlements s
         where s.refund_status in ('pending', 'refunding')
            or (s.refund_status = 'failed' and coalesce(s.next_attempt_at, ${now}) <= ${now})
            or (s.payout_status = 'pending' and coalesce(s.payout_next_attempt_at, ${now}) <= ${now})
        union all
        select s.project_id, 'check_refund'
          from settlements s
         where s.refund_status = 'processing' and coalesce(s.next_attempt_at, ${now}) <= ${now}
        union all
        select p.id, 'settle'
          from projects p
         where p.project_status <> 'settled' and p.end_date <= ${graceCutoff}
           and p.next_tick_at = 'infinity'
           and not exists (select 1 from settlements s where s.project_id = p.id)
      )
      select count(graphile_worker.add_job(
               identifier => due.task,
               payload => json_build_object('projectId', due.id),
               max_attempts => ${MAX_ATTEMPTS.settle}::int,
               job_key => case due.task when 'settle' then ${settleJobKey('')} else ${checkRefundJobKey('')} end
                          || due.id,
               job_key_mode => 'unsafe_dedupe'))::int as n
        from due`);
    return rows[0]?.n ?? 0;
  }

  return { tickDue, queueDueSettlements };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
