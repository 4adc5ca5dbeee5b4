// The owner edits a project's name, description and tag (length, frequency and money are permanent).
import type { EditProjectData, ProjectFacts, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { factsOf, findOwnedProject } from './access.ts';
import { updateProjectText } from './queries.ts';

export async function editProject(
  deps: { db: Db; clock: Clock },
  input: { projectId: string; user: SessionUser; edit: EditProjectData },
): Promise<ProjectFacts> {
  const project = await findOwnedProject(deps.db, input.projectId, input.user);
  await updateProjectText(deps.db, project.id, input.edit, deps.clock.now());
  return factsOf(deps, project.id);
}
