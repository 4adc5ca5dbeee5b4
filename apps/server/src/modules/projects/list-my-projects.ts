// My Projects: the signed-in user's live projects, running and completed (with their statements).
import type { MyProjectsResponse, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { settlementStatements } from '../settlement/statement.ts';
import { toProjectCard } from './cards.ts';
import { selectOwnCardRows } from './queries.ts';

export async function listMyProjects(
  deps: { db: Db; clock: Clock },
  user: SessionUser,
): Promise<MyProjectsResponse> {
  const rows = await selectOwnCardRows(deps.db, user.id);
  const now = deps.clock.now();
  const cards = rows.map((r) => toProjectCard(r, now, { userId: user.id }));
  const settled = await settlementStatements(deps.db, rows, now);
  return {
    activeProjects: cards.filter((c) => c.status !== 'completed'),
    completedProjects: cards
      .filter((c) => c.status === 'completed')
      .map((c) => ({ ...c, settlement: settled.get(c.id) ?? null })),
  };
}
