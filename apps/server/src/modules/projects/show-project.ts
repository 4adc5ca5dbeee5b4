// One project as its page shows it: the card fields plus the full description and units, the
// check-ins oldest first, the schedule summary from the shared rules, what the viewer may do, and for
// the owner the refund the project would give if it ended today (the domain's settle).
import {
  CHARITY_FUND,
  forfeitDestination,
  projectSchedule,
  projectSummary,
  settlementAt,
} from '@kept/domain';
import type { ProjectDetailResponse, SessionUser } from '@kept/contract';
import { toProjectSummaryDto } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { toCheckInDto } from '../checkins/queries.ts';
import { settlementStatementFor } from '../settlement/statement.ts';
import { PROJECT_NOT_FOUND } from './access.ts';
import { toProjectFacts } from './cards.ts';
import { computeProjectCounters } from './counters.ts';
import { readProjectPage } from './queries.ts';

/** The project page's data; 'not_found' when the id names no live project. */
export async function showProject(
  deps: { db: Db; clock: Clock },
  id: string,
  viewer: SessionUser | null,
): Promise<ProjectDetailResponse> {
  return (await projectPage(deps, id, viewer)).answer;
}

/**
 * The project page at the clock's now, with `countsHoldUntil`: the first instant at which the missed
 * count can change without a write (the current period closes, or the project ends; null once ended).
 */
export async function projectPage(
  deps: { db: Db; clock: Clock },
  id: string,
  viewer: SessionUser | null,
): Promise<{ answer: ProjectDetailResponse; now: Date; countsHoldUntil: Date | null }> {
  if (!isUuid(id)) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  const { db } = deps;
  const { project: row, checkIns, isFavorite } = await readProjectPage(db, id, viewer?.id ?? null);
  if (!row) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  const now = deps.clock.now();
  const scheduled = {
    createdAt: row.createdAt,
    endDate: row.endDate,
    totalLengthDays: row.totalLengthDays,
    checkInFrequencyDays: row.checkInFrequencyDays,
    timezone: row.projectTimezone,
    pausedPeriods: row.pausedPeriods,
    endedEarlyAt: row.endedEarlyAt ?? row.cancelledAt,
  };
  const summary = projectSummary(scheduled, checkIns, now);
  const charity = forfeitDestination(row.charityId) ?? CHARITY_FUND;
  const isOwner = viewer?.id === row.userId;
  const facts = toProjectFacts(row, now, viewer ? isFavorite : undefined);
  const answer: ProjectDetailResponse = {
    project: {
      ...facts,
      description: row.fullDescription,
      ownImageUrl: row.ownImageUrl,
      updatedAt: row.updatedAt.toISOString(),
      lengthValue: row.lengthValue,
      lengthUnit: row.lengthUnit,
      frequencyValue: row.frequencyValue,
      frequencyUnit: row.frequencyUnit,
      summary: toProjectSummaryDto(summary),
      visibility: row.visibility,
    },
    checkIns: checkIns.map(toCheckInDto),
    viewer: { isOwner, isFavorite, signedIn: viewer !== null },
    // The same function the settlement runs, on the pool and the check-ins so far.
    refundIfEndedToday: isOwner
      ? (({ counts: _counts, ...split }) => split)(
          settlementAt(projectSchedule(scheduled), checkIns, now, {
            poolCents: row.refundableAmount,
            depositCents: row.depositAmount,
          }),
        )
      : null,
    settlement: await settlementStatementFor(db, row, checkIns, now),
    commitment: {
      charity: { id: charity.id, name: charity.name, registration: charity.registration, site: charity.site },
      pausedPeriods: row.pausedPeriods,
      endedEarlyAt: row.endedEarlyAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    },
  };
  return { answer, now, countsHoldUntil: computeProjectCounters(scheduled, checkIns, now).validUntil };
}
