// Pausing a check-in period, and lifting a pause, by the owner (RULES.md "Pauses"). The project row is
// locked while the rules are checked and the change is written, so two requests never overspend the
// budget.
import type { SessionUser } from '@kept/contract';
import { PAUSE_MESSAGES, liftPauseRefusal, pauseRefusal, projectSchedule } from '@kept/domain';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { findOwnedProject, scheduleOf } from '../projects/access.ts';
import { savePausedPeriods } from './queries.ts';

export type PauseDeps = { db: Db; clock: Clock };

async function change(
  deps: PauseDeps,
  user: SessionUser,
  projectId: string,
  period: number,
  action: 'pause' | 'lift',
): Promise<number[]> {
  return deps.db.transaction(async (tx) => {
    const project = await findOwnedProject(tx, projectId, user, { forUpdate: true });
    const now = deps.clock.now();
    if (project.projectStatus !== 'active') throw new DomainError('pause_not_allowed', PAUSE_MESSAGES.ended);
    const schedule = projectSchedule({
      ...scheduleOf(project),
      pausedPeriods: project.pausedPeriods,
      endedEarlyAt: project.endedEarlyAt,
    });
    const refusal =
      action === 'pause' ? pauseRefusal(schedule, period, now) : liftPauseRefusal(schedule, period, now);
    if (refusal) throw new DomainError('pause_not_allowed', refusal);
    const paused =
      action === 'pause'
        ? [...project.pausedPeriods, period].sort((a, b) => a - b)
        : project.pausedPeriods.filter((k) => k !== period);
    await savePausedPeriods(tx, project.id, paused, now);
    return paused;
  });
}

export const pausePeriod = (deps: PauseDeps, user: SessionUser, projectId: string, period: number) =>
  change(deps, user, projectId, period, 'pause');

export const liftPause = (deps: PauseDeps, user: SessionUser, projectId: string, period: number) =>
  change(deps, user, projectId, period, 'lift');
