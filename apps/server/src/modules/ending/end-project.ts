// Cancelling a project in its first 24 hours and ending one early (RULES.md "Cancelling and ending
// early"). Both lock the project row, check the rule, mark the project and queue its settlement in one
// transaction: the settle job then moves the money through the ledger and the provider as at any end
// (a cancellation refunds the whole deposit; an early end counts every unfinished period missed).
// A donation applies under the same row lock, so whichever commits first is what the other sees.
import type { EndingPreviewResponse, EndingResponse, SessionUser } from '@kept/contract';
import {
  cancelDeadline,
  cancelRefusal,
  cancellation,
  endEarlyRefusal,
  hasStopped,
  projectSchedule,
  settlementAt,
} from '@kept/domain';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { enqueue } from '../../jobs/tasks.ts';
import { ACCOUNTS, balanceOf, type Tx } from '../ledger/ledger.ts';
import { findOwnedProject, scheduleOf } from '../projects/access.ts';
import type { ProjectRow } from '../projects/queries.ts';
import { checkInsOf } from '../settlement/queries.ts';
import { settleJobKey } from '../settlement/keys.ts';
import { cancelFacts, markStopped } from './queries.ts';

export type EndingDeps = { db: Db; clock: Clock };

async function optionsAt(tx: Tx | Db, project: ProjectRow, now: Date) {
  const schedule = projectSchedule({
    ...scheduleOf(project),
    pausedPeriods: project.pausedPeriods,
    endedEarlyAt: project.endedEarlyAt ?? now,
  });
  const facts = await cancelFacts(tx, project.id, now);
  const stopped =
    project.projectStatus !== 'active' ||
    project.endedEarlyAt !== null ||
    hasStopped(projectSchedule(scheduleOf(project)), now);
  const state = { cancelled: project.cancelledAt !== null, ended: stopped };
  const cancelReason = cancelRefusal(
    {
      createdAt: project.createdAt,
      checkInsBesidesAutomatic: facts.checkIns,
      donations: facts.donations,
      ...state,
    },
    now,
  );
  const pool = await balanceOf(tx, ACCOUNTS.pool(project.id));
  const early = settlementAt(schedule, await checkInsOf(tx, project.id), now, {
    poolCents: pool,
    depositCents: project.depositAmount,
  });
  const back = cancellation(project.depositAmount);
  return {
    cancel: {
      allowed: cancelReason === null,
      reason: cancelReason,
      refundToCardCents: back.refundToCardCents,
      payoutCents: 0,
      forfeitCents: 0,
      feeKeptCents: back.feeKeptCents,
    },
    cancelDeadline: cancelDeadline(project.createdAt).toISOString(),
    end: {
      allowed: endEarlyRefusal(state) === null,
      reason: endEarlyRefusal(state),
      refundToCardCents: early.refundToCardCents,
      payoutCents: early.payoutCents,
      forfeitCents: early.forfeitCents,
      feeKeptCents: 0,
    },
  } satisfies EndingPreviewResponse;
}

/** What cancelling and ending now would do, for the confirm dialog. */
export async function previewEnding(
  deps: EndingDeps,
  user: SessionUser,
  projectId: string,
): Promise<EndingPreviewResponse> {
  const project = await findOwnedProject(deps.db, projectId, user);
  return optionsAt(deps.db, project, deps.clock.now());
}

export async function endProject(
  deps: EndingDeps,
  user: SessionUser,
  projectId: string,
  how: 'cancel' | 'end',
): Promise<EndingResponse> {
  return deps.db.transaction(async (tx) => {
    const project = await findOwnedProject(tx, projectId, user, { forUpdate: true });
    const now = deps.clock.now();
    const options = await optionsAt(tx, project, now);
    const option = how === 'cancel' ? options.cancel : options.end;
    if (!option.allowed)
      throw new DomainError(how === 'cancel' ? 'cancel_not_allowed' : 'project_ended', option.reason ?? '');
    await markStopped(tx, project.id, how === 'cancel' ? 'cancelled' : 'ended', now);
    await enqueue(tx, 'settle', { projectId: project.id }, { jobKey: settleJobKey(project.id) });
    return {
      outcome: how === 'cancel' ? 'cancelled' : 'ended',
      refundToCardCents: option.refundToCardCents,
      payoutCents: option.payoutCents,
      forfeitCents: option.forfeitCents,
      feeKeptCents: option.feeKeptCents,
    };
  });
}
