// Loading a project for an action, with the owner rules every write shares, and its card afterwards.
import type { SessionUser } from '@kept/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import type { ProjectFacts } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import { toProjectFacts } from './cards.ts';
import { selectCardRow, selectLiveProject, type ProjectRow } from './queries.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const PROJECT_NOT_FOUND = 'Project not found';
export const OWNER_ONLY = 'Only the owner of this project can do that.';

/** A live (not deleted) project by id, or a 404. `forUpdate` locks the row inside a transaction. */
export async function findLiveProject(
  db: Db | Tx,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ProjectRow> {
  if (!isUuid(id)) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  const row = await selectLiveProject(db, id, opts);
  if (!row) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  return row;
}

/** The project, if `user` owns it: 404 when it does not exist, 403 when it is someone else's. */
export async function findOwnedProject(
  db: Db | Tx,
  id: string,
  user: SessionUser,
  opts: { forUpdate?: boolean } = {},
): Promise<ProjectRow> {
  return ownedBy(await findLiveProject(db, id, opts), user);
}

/** `row` if `user` owns it: 404 when there is no row, 403 when it is someone else's. */
export function ownedBy<T extends { userId: string }>(row: T | undefined, user: SessionUser): T {
  if (!row) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  if (row.userId !== user.id) throw new DomainError('forbidden', OWNER_ONLY);
  return row;
}

/** The columns a project's schedule is made of. */
export type ScheduleColumns = Pick<
  ProjectRow,
  'createdAt' | 'endDate' | 'totalLengthDays' | 'checkInFrequencyDays' | 'projectTimezone'
> &
  Partial<Pick<ProjectRow, 'pausedPeriods' | 'endedEarlyAt'>>;

export const scheduleOf = (p: ScheduleColumns) => ({
  createdAt: p.createdAt,
  endDate: p.endDate,
  totalLengthDays: p.totalLengthDays,
  checkInFrequencyDays: p.checkInFrequencyDays,
  timezone: p.projectTimezone,
  pausedPeriods: p.pausedPeriods ?? null,
  endedEarlyAt: p.endedEarlyAt ?? null,
});

/** A project just changed, as its page states it now. */
export async function factsOf(deps: { db: Db; clock: Clock }, projectId: string): Promise<ProjectFacts> {
  const row = await selectCardRow(deps.db, projectId);
  if (!row) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  return toProjectFacts(row, deps.clock.now());
}
