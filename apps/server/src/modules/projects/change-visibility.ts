// The owner makes a project public (listed) or unlisted (reachable by its link only): issue 24.
import type { ChangeVisibilityRequest, ProjectFacts, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { PROJECT_NOT_FOUND, factsOf, findOwnedProject } from './access.ts';
import { updateVisibility } from './queries.ts';

export async function changeVisibility(
  deps: { db: Db; clock: Clock },
  input: { projectId: string; user: SessionUser; change: ChangeVisibilityRequest },
): Promise<ProjectFacts> {
  const project = await findOwnedProject(deps.db, input.projectId, input.user);
  const changed = await updateVisibility(
    deps.db,
    project.id,
    input.user.id,
    input.change.visibility,
    deps.clock.now(),
  );
  if (!changed) throw new DomainError('not_found', PROJECT_NOT_FOUND);
  return factsOf(deps, project.id);
}
