// The newsletter's unsubscribe link.
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { markUnsubscribed, selectSubscriberIdByToken } from './queries.ts';

export const unsubscribeUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** True when the token names a subscriber (who is now unsubscribed, even if they already were). */
export async function unsubscribe(deps: { db: Db; clock: Clock }, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(token)) return false;
  const id = await selectSubscriberIdByToken(deps.db, token);
  if (!id) return false;
  await markUnsubscribed(deps.db, id, deps.clock.now());
  return true;
}
