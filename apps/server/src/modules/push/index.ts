// Web push (issue 23, decision 036): browsers subscribe in Settings; reminders (when the owner's
// preferences say push) and "You received a donation" are queued with queuePush and sent by the
// 'send_push' job through web-push.
import type { FastifyInstance } from 'fastify';
import type { PushDeps } from './manage-devices.ts';
import { pushRoutes } from './routes.ts';

export { queuePush } from './queue-push.ts';
export { createPushSender, type PushSenderDeps, type SendPushResult } from './send-push.ts';
export { resolveVapidKeys, type VapidKeys } from './vapid-keys.ts';

export async function registerPush(app: FastifyInstance, deps: PushDeps): Promise<void> {
  await app.register(pushRoutes(deps));
}
