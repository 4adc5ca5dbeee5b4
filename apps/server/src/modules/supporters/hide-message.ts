// PUT /api/projects/:projectId/supporters/:donationId/message: the project's owner hides a supporter's
// message from the page, or shows it again. Only the owner (403 for anyone else); a donation of another
// project, or none, is a 404.
import type { SessionUser, SupportersResponse } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { findOwnedProject } from '../projects/access.ts';
import { listSupporters } from './list-supporters.ts';
import { setMessageHidden } from './queries.ts';

export const SUPPORTER_NOT_FOUND = 'Supporter not found';

export async function hideSupporterMessage(
  deps: { db: Db; clock: Clock },
  user: SessionUser,
  input: { projectId: string; donationId: string; hidden: boolean },
): Promise<SupportersResponse> {
  const project = await findOwnedProject(deps.db, input.projectId, user);
  const found =
    isUuid(input.donationId) &&
    (await setMessageHidden(deps.db, project.id, input.donationId, input.hidden ? deps.clock.now() : null));
  if (!found) throw new DomainError('not_found', SUPPORTER_NOT_FOUND);
  return listSupporters(deps, project.id, user);
}
