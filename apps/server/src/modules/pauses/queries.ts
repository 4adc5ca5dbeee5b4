import { eq, sql } from 'drizzle-orm';
import { projects } from '../../db/schema.ts';
import type { Tx } from '../ledger/ledger.ts';

/**
 * Store the paused periods. The lifecycle tick (next check-in, reminders) and the home counters (missed
 * check-ins) look at the project again at once.
 */
export async function savePausedPeriods(
  tx: Tx,
  projectId: string,
  paused: number[],
  now: Date,
): Promise<void> {
  await tx
    .update(projects)
    .set({
      pausedPeriods: paused,
      nextTickAt: sql`'-infinity'`,
      countersValidUntil: sql`'-infinity'`,
      updatedAt: now,
    })
    .where(eq(projects.id, projectId));
}
