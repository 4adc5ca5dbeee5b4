// GET /api/projects/:projectId/supporters: a project's supporters, newest first — the donor's name or
// 'Anonymous', the amount only when the donor chose to show it, and the message unless the owner hid
// it (the owner still gets the words, marked hidden, to show them again).
import type { SessionUser, SupportersResponse } from '@kept/contract';
import { supporterName } from '@kept/domain';
import type { Db } from '../../db/client.ts';
import { findLiveProject } from '../projects/access.ts';
import { supportersOf, type SupporterRow } from './queries.ts';

/** The most supporters one answer lists. */
export const SUPPORTERS_LIMIT = 100;

export async function listSupporters(
  deps: { db: Db },
  projectId: string,
  viewer: SessionUser | null,
): Promise<SupportersResponse> {
  const project = await findLiveProject(deps.db, projectId);
  const isOwner = viewer !== null && viewer.id === project.userId;
  const { rows, total } = await supportersOf(deps.db, project.id, SUPPORTERS_LIMIT);
  return { supporters: rows.map((row) => toSupporter(row, isOwner)), total, canHide: isOwner };
}

function toSupporter(row: SupporterRow, isOwner: boolean): SupportersResponse['supporters'][number] {
  const hidden = row.messageHiddenAt !== null;
  return {
    donationId: row.id,
    name: supporterName({ name: row.donorName, anonymous: row.donorAnonymous }),
    amountCents: row.showAmount ? row.amountCents : null,
    message: hidden && !isOwner ? null : row.message,
    messageHidden: hidden,
    at: row.createdAt.toISOString(),
  };
}
