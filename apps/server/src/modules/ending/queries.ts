import { and, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { donations, payments, projectCheckins, projects } from '../../db/schema.ts';
import type { Executor, Tx } from '../ledger/ledger.ts';

/** A donation form opened this recently and not yet paid counts as a donation under way. */
export const OPEN_DONATION_FORM_MS = 60 * 60 * 1000;

/**
 * What the cancel rule needs: check-ins besides the automatic one, and donations made or under way
 * (paid, being paid, or a form opened in the last hour).
 */
export async function cancelFacts(
  db: Executor,
  projectId: string,
  now: Date,
): Promise<{ checkIns: number; donations: number }> {
  const [checkIns] = await db
    .select({ n: count() })
    .from(projectCheckins)
    .where(eq(projectCheckins.projectId, projectId));
  const [made] = await db.select({ n: count() }).from(donations).where(eq(donations.projectId, projectId));
  const [underWay] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.projectId, projectId),
        eq(payments.kind, 'donation'),
        or(
          inArray(payments.status, ['processing', 'succeeded']),
          and(
            eq(payments.status, 'requires_payment'),
            gt(payments.createdAt, new Date(now.getTime() - OPEN_DONATION_FORM_MS)),
          ),
        ),
      ),
    );
  return { checkIns: Math.max(0, (checkIns?.n ?? 0) - 1), donations: (made?.n ?? 0) + (underWay?.n ?? 0) };
}

/** Mark the project cancelled (it leaves every list: deleted_at too) or ended early, at `now`. */
export async function markStopped(
  tx: Tx,
  projectId: string,
  how: 'cancelled' | 'ended',
  now: Date,
): Promise<void> {
  await tx
    .update(projects)
    .set({
      ...(how === 'cancelled' ? { cancelledAt: now, deletedAt: now } : { endedEarlyAt: now }),
      nextTickAt: sql`'-infinity'`,
      countersValidUntil: sql`'-infinity'`,
      updatedAt: now,
    })
    .where(eq(projects.id, projectId));
}
