// Queue a push to every browser a user subscribed: one 'send_push' job per subscription, in the caller's
// transaction (sent at least once if it commits, never if it rolls back), under a key per subscription
// so each device gets a message once and is retried on its own.
import type { PushMessage } from '@kept/contract';
import { enqueue } from '../../jobs/tasks.ts';
import type { Executor } from '../ledger/ledger.ts';
import { selectSubscriptionIds } from './queries.ts';

export async function queuePush(
  db: Executor,
  key: string,
  userId: string,
  message: PushMessage,
): Promise<number> {
  const ids = await selectSubscriptionIds(db, userId);
  for (const subscriptionId of ids)
    await enqueue(db, 'send_push', { subscriptionId, message }, { jobKey: `push:${key}:${subscriptionId}` });
  return ids.length;
}
