// The provider says a refund changed (Stripe's refund webhooks): look at it now rather than at the next
// hourly check. The event's content is not trusted; the check_refund job asks the provider itself.
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../jobs/tasks.ts';
import { checkRefundJobKey } from './keys.ts';
import { markRefundCheckDue } from './queries.ts';

/** True when the refund is one of ours still awaited. */
export async function refundChanged(db: Db, refundId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const projectId = await markRefundCheckDue(tx, refundId, now);
    if (!projectId) return false;
    // Already queued or running: settlement_due queues it again, since next_attempt_at is now.
    await enqueue(tx, 'check_refund', { projectId }, { jobKey: checkRefundJobKey(projectId) });
    return true;
  });
}
