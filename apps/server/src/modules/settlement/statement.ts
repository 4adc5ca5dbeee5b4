// The settlement statement the project page and My Projects show once a project has ended: the
// settlement row when it exists, else a preview from the current pool and the shared rules (status
// 'processing', settled: false) for the short time between the end and the settle job.
import { hasStopped, projectSchedule, settlementAt, type ScheduleCheckIn } from '@kept/domain';
import type { SettlementStatement } from '@kept/contract';
import type { Db } from '../../db/client.ts';
import type { SettlementRow } from './deps.ts';
import { checkInsOfProjects, settlementsOf } from './queries.ts';
import { refundFormula, statusText, type StatementStatus } from './rules.ts';

/** The project fields a statement needs (a projects row or a card row has them). */
export type StatementProject = {
  id: string;
  depositAmount: number;
  refundableAmount: number;
  createdAt: Date;
  endDate: Date;
  totalLengthDays: number;
  checkInFrequencyDays: number;
  projectTimezone: string;
  pausedPeriods?: number[] | null;
  endedEarlyAt?: Date | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function scheduleOf(p: StatementProject) {
  return projectSchedule({
    createdAt: p.createdAt,
    endDate: p.endDate,
    totalLengthDays: p.totalLengthDays,
    checkInFrequencyDays: p.checkInFrequencyDays,
    timezone: p.projectTimezone,
    pausedPeriods: p.pausedPeriods ?? null,
    endedEarlyAt: p.endedEarlyAt ?? null,
  });
}

export function statementFromRow(s: SettlementRow, timeZone: string): SettlementStatement {
  // Nothing for the card counts as refunded on the day it was settled (refunded_at).
  const status: StatementStatus =
    s.refundStatus === 'failed'
      ? 'failed'
      : (s.refundStatus === 'refunded' || s.refundStatus === 'none') && s.refundedAt
        ? 'refunded'
        : 'processing';
  const payoutTotal = s.payoutCents + s.latePayoutCents;
  return {
    status,
    statusText: statusText(status, s.refundedAt, timeZone),
    settled: true,
    settledAt: s.settledAt.toISOString(),
    poolCents: s.poolCents,
    depositCents: s.depositCents,
    donationsCents: s.poolCents - s.depositCents,
    totalCheckIns: s.totalCheckins,
    missedCheckIns: s.missedCheckins,
    completedCheckIns: s.totalCheckins - s.missedCheckins,
    refundCents: s.refundCents,
    forfeitCents: s.forfeitCents,
    refundToCardCents: s.refundToCardCents,
    formula: refundFormula({
      depositCents: s.depositCents,
      poolCents: s.poolCents,
      totalCheckIns: s.totalCheckins,
      missedCheckIns: s.missedCheckins,
      refundCents: s.refundCents,
    }),
    refundedAt: iso(s.refundedAt),
    attempts: s.attempts,
    nextAttemptAt: s.refundStatus === 'failed' ? iso(s.nextAttemptAt) : null,
    payout: {
      cents: payoutTotal,
      paidCents: s.payoutPaidCents,
      status: s.payoutStatus,
      paidAt: iso(s.payoutPaidAt),
      note: s.payoutStatus === 'pending' ? s.payoutNote : null,
    },
    lateDonations: {
      creatorCents: s.lateCreatorCents,
      payoutCents: s.latePayoutCents,
      forfeitCents: s.lateForfeitCents,
    },
  };
}

/** Before the settle job has run: what it will compute from the pool and the check-ins now. */
export function previewStatement(
  project: StatementProject,
  checkIns: readonly ScheduleCheckIn[],
  now: Date,
): SettlementStatement {
  const schedule = scheduleOf(project);
  // The settlement's own function, on the pool and the check-ins now.
  const { counts, ...split } = settlementAt(schedule, checkIns, now, {
    poolCents: project.refundableAmount,
    depositCents: project.depositAmount,
  });
  return {
    status: 'processing',
    statusText: statusText('processing', null, schedule.timezone),
    settled: false,
    settledAt: null,
    poolCents: split.poolCents,
    depositCents: project.depositAmount,
    donationsCents: split.poolCents - project.depositAmount,
    totalCheckIns: counts.total,
    missedCheckIns: counts.missed,
    completedCheckIns: counts.total - counts.missed,
    refundCents: split.refundCents,
    forfeitCents: split.forfeitCents,
    refundToCardCents: split.refundToCardCents,
    formula: refundFormula({
      depositCents: project.depositAmount,
      poolCents: split.poolCents,
      totalCheckIns: counts.total,
      missedCheckIns: counts.missed,
      refundCents: split.refundCents,
    }),
    refundedAt: null,
    attempts: 0,
    nextAttemptAt: null,
    payout: {
      cents: split.payoutCents,
      paidCents: 0,
      status: split.payoutCents > 0 ? 'pending' : 'none',
      paidAt: null,
      note: null,
    },
    lateDonations: { creatorCents: 0, payoutCents: 0, forfeitCents: 0 },
  };
}

/**
 * Statements of the given projects that have ended at `now` (others are absent from the map). Check-ins
 * are read only for ended projects not settled yet; pass them in when the caller has them already.
 */
export async function settlementStatements(
  db: Db,
  list: readonly StatementProject[],
  now: Date,
  known?: ReadonlyMap<string, readonly ScheduleCheckIn[]>,
): Promise<Map<string, SettlementStatement>> {
  const result = new Map<string, SettlementStatement>();
  // Ended at its end date, or early (by its owner, or cancelled): the statement shows from then.
  const ended = list.filter((p) => hasStopped(scheduleOf(p), now));
  if (ended.length === 0) return result;
  const rows = await settlementsOf(
    db,
    ended.map((p) => p.id),
  );
  const byId = new Map(rows.map((r) => [r.projectId, r]));
  const unsettled = ended.filter((p) => !byId.has(p.id) && !known?.has(p.id));
  const checkIns = new Map<string, ScheduleCheckIn[]>();
  if (unsettled.length > 0) {
    const found = await checkInsOfProjects(
      db,
      unsettled.map((p) => p.id),
    );
    for (const c of found) checkIns.set(c.projectId, [...(checkIns.get(c.projectId) ?? []), c]);
  }
  for (const p of ended) {
    const row = byId.get(p.id);
    result.set(
      p.id,
      row
        ? statementFromRow(row, scheduleOf(p).timezone)
        : previewStatement(p, known?.get(p.id) ?? checkIns.get(p.id) ?? [], now),
    );
  }
  return result;
}

/** One project's statement (the project page), or null before its end. */
export async function settlementStatementFor(
  db: Db,
  project: StatementProject,
  checkIns: readonly ScheduleCheckIn[],
  now: Date,
): Promise<SettlementStatement | null> {
  const map = await settlementStatements(db, [project], now, new Map([[project.id, checkIns]]));
  return map.get(project.id) ?? null;
}
