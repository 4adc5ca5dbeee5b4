// Streak, completion rate and a year of check-ins (issue 23), from the shared rules: for one project
// (its page) and for a person across their live projects (My Projects, the public profile). Pauses are
// passed over and never break a streak; an open period is not decided yet.
import {
  addDays,
  completionRate,
  currentStreak,
  localDateOf,
  periods,
  projectSchedule,
  type Period,
} from '@kept/domain';
import type { History, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { PROJECT_NOT_FOUND, scheduleOf } from '../projects/access.ts';
import { checkInsByProject } from '../projects/counters.ts';
import {
  selectProject,
  selectUser,
  selectUserByUsername,
  selectUserCheckInDates,
  selectUserProjects,
  type HistoryProject,
} from './queries.ts';

export type HistoryDeps = { db: Db; clock: Clock };

/** The heatmap's span: 53 Sun–Sat weeks back from today. */
const YEAR_DAYS = 53 * 7;

async function periodsOf(deps: HistoryDeps, rows: readonly HistoryProject[], now: Date): Promise<Period[]> {
  const checkIns = await checkInsByProject(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows
    .flatMap((row) => periods(projectSchedule(scheduleOf(row)), checkIns.get(row.id) ?? [], now))
    .sort((a, b) => a.lastDate.localeCompare(b.lastDate) || a.date.localeCompare(b.date));
}

function summary(all: readonly Period[], checkInDates: string[], today: string): History {
  return {
    streak: currentStreak(all),
    completionRate: completionRate(all),
    completedPeriods: all.filter((p) => p.state === 'completed').length,
    missedPeriods: all.filter((p) => p.state === 'missed').length,
    pausedPeriods: all.filter((p) => p.state === 'paused').length,
    checkInDates: checkInDates.sort(),
    today,
  };
}

export async function projectHistory(deps: HistoryDeps, projectId: string): Promise<History> {
  const row = isUuid(projectId) ? await selectProject(deps.db, projectId) : undefined;
  if (!row) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  const now = deps.clock.now();
  const today = localDateOf(now, row.projectTimezone);
  const all = await periodsOf(deps, [row], now);
  const checkIns = (await checkInsByProject(deps.db, [row.id])).get(row.id) ?? [];
  const from = addDays(today, -YEAR_DAYS);
  const dates = checkIns
    .map((c) => c.checkInProjectDate)
    .filter((d): d is string => typeof d === 'string' && d >= from);
  return summary(all, dates, today);
}

async function userHistory(deps: HistoryDeps, user: { id: string; timezone: string }): Promise<History> {
  const now = deps.clock.now();
  const today = localDateOf(now, user.timezone);
  const all = await periodsOf(deps, await selectUserProjects(deps.db, user.id), now);
  const dates = await selectUserCheckInDates(deps.db, user.id, addDays(today, -YEAR_DAYS));
  return summary(all, dates, today);
}

export async function profileHistory(deps: HistoryDeps, username: string): Promise<History> {
  const user = await selectUserByUsername(deps.db, username);
  if (!user) throw new DomainError('not_found', 'User not found');
  return userHistory(deps, user);
}

export async function myHistory(deps: HistoryDeps, me: SessionUser): Promise<History> {
  const user = await selectUser(deps.db, me.id);
  if (!user) throw new DomainError('not_found', 'User not found');
  return userHistory(deps, user);
}
