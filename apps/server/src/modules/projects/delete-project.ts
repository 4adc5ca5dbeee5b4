// The owner deletes a project once it has ended: it leaves every list; its payments, check-ins and
// ledger stay (records are kept 7 years).
import type { SessionUser } from '@kept/contract';
import { hasEnded } from '@kept/domain';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { findOwnedProject } from './access.ts';
import { softDeleteProject } from './queries.ts';

export const DELETE_BEFORE_END = 'You can delete a project only after its end date has passed.';

export async function deleteProject(
  deps: { db: Db; clock: Clock },
  input: { projectId: string; user: SessionUser },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const project = await findOwnedProject(tx, input.projectId, input.user, { forUpdate: true });
    if (!hasEnded(project.endDate, now)) throw new DomainError('project_not_ended', DELETE_BEFORE_END);
    await softDeleteProject(tx, project.id, now);
  });
}
