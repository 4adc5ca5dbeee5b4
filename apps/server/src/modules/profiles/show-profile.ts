// A creator's public profile: their username, since when, and their projects (running and completed).
import type { PublicProfileResponse } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { toProjectCard, type CardRow } from '../projects/cards.ts';
import { selectProfile, type ProfileRow } from './queries.ts';

export async function showProfile(
  deps: { db: Db; clock: Clock },
  username: string,
): Promise<PublicProfileResponse> {
  const rows = await selectProfile(deps.db, username);
  const user = rows[0];
  if (!user?.profileUsername) throw new DomainError('not_found', 'User not found');
  const now = deps.clock.now();
  const cards = rows
    .filter((row): row is ProfileRow & CardRow => row.id !== null)
    .map((row) => toProjectCard(row, now));
  return {
    user: { username: user.profileUsername, createdAt: user.profileCreatedAt.toISOString() },
    activeProjects: cards.filter((c) => c.status !== 'completed'),
    completedProjects: cards.filter((c) => c.status === 'completed'),
  };
}
