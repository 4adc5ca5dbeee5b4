// The owner chooses a cover among the project's own check-in photos, or none (the tag's default picture).
import { COVER_MESSAGES, type ChooseCoverRequest, type ProjectFacts, type SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { PROJECT_NOT_FOUND, factsOf, findOwnedProject } from './access.ts';
import { selectCheckInPhoto, updateCover } from './queries.ts';

export async function chooseCover(
  deps: { db: Db; clock: Clock },
  input: { projectId: string; user: SessionUser; choice: ChooseCoverRequest },
): Promise<ProjectFacts> {
  const { db } = deps;
  const project = await findOwnedProject(db, input.projectId, input.user);
  let imageUrl: string | null = null;
  if (input.choice.source === 'check-in') {
    const { checkInId } = input.choice;
    const photoUrl = isUuid(checkInId) ? await selectCheckInPhoto(db, project.id, checkInId) : null;
    if (!photoUrl)
      throw new DomainError('validation_error', COVER_MESSAGES.notACheckInPhoto, {
        checkInId: COVER_MESSAGES.notACheckInPhoto,
      });
    imageUrl = photoUrl;
  }
  if (!(await updateCover(db, project.id, input.user.id, imageUrl, deps.clock.now())))
    throw new DomainError('not_found', PROJECT_NOT_FOUND);
  return factsOf(deps, project.id);
}
