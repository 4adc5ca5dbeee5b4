// Sends one queued push (the 'send_push' job) through web-push: the payload encrypted to the browser's
// keys (RFC 8291, aes128gcm) and signed with Kept's VAPID key (RFC 8292). A push service answering 404 or
// 410 says the subscription is gone for good: its row is removed and the job ends. Any other failure
// throws, so graphile-worker tries again later.
import type https from 'node:https';
import type { PushMessage } from '@kept/contract';
import webpush, { WebPushError } from 'web-push';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { deleteExpired, markDelivered, selectSubscription } from './queries.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** A reminder is pointless after a day; the push service may drop it once this many seconds have passed. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 15_000;

export type PushSenderDeps = {
  db: Db;
  clock: Clock;
  keys: VapidKeys;
  subject: string;
  /** How requests reach push services (tests: an agent that trusts the local endpoint's certificate). */
  agent?: https.Agent;
  log: { info: (obj: object, msg: string) => void };
};

export type SendPushResult = 'sent' | 'gone' | 'no-subscription';

export function createPushSender(deps: PushSenderDeps) {
  return async function sendPush(subscriptionId: string, message: PushMessage): Promise<SendPushResult> {
    const sub = await selectSubscription(deps.db, subscriptionId);
    if (!sub) return 'no-subscription';
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: deps.subject, ...deps.keys },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          timeout: TIMEOUT_MS,
          ...(deps.agent ? { agent: deps.agent } : {}),
        },
      );
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await deleteExpired(deps.db, sub);
        deps.log.info({ subscriptionId, status: err.statusCode }, 'push subscription expired; removed');
        return 'gone';
      }
      // The status and message only: a WebPushError's endpoint, headers and body stay out of the logs
      // (the endpoint is the capability to push to that browser).
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      const reason = err instanceof WebPushError ? `HTTP ${status}` : (err as Error).message;
      // eslint-disable-next-line preserve-caught-error -- the caught error carries the endpoint (see above)
      throw new Error(`push not accepted: ${reason}`);
    }
    await markDelivered(deps.db, sub.id, deps.clock.now());
    return 'sent';
  };
}
