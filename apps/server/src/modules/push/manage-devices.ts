// The signed-in user's push devices: the key browsers subscribe with, subscribing a browser, listing and
// removing devices.
import type { PushDevicesResponse, PushSubscribeRequest, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { deviceLabel } from './device-label.ts';
import { deleteDevice, selectDevices, toDevice, upsertSubscription } from './queries.ts';

export type PushDeps = { db: Db; clock: Clock; publicKey: string };

export const DEVICE_NOT_FOUND = 'That device is not subscribed to your notifications any more.';

export async function listDevices(deps: PushDeps, user: SessionUser): Promise<PushDevicesResponse> {
  return { devices: (await selectDevices(deps.db, user.id)).map(toDevice) };
}

export async function subscribeDevice(
  deps: PushDeps,
  input: { user: SessionUser; subscription: PushSubscribeRequest; userAgent: string | undefined },
): Promise<PushDevicesResponse> {
  await upsertSubscription(deps.db, {
    userId: input.user.id,
    endpoint: input.subscription.endpoint,
    p256dh: input.subscription.keys.p256dh,
    auth: input.subscription.keys.auth,
    deviceLabel: deviceLabel(input.userAgent),
    now: deps.clock.now(),
  });
  return listDevices(deps, input.user);
}

export async function removeDevice(
  deps: PushDeps,
  input: { user: SessionUser; deviceId: string },
): Promise<PushDevicesResponse> {
  if (!isUuid(input.deviceId) || !(await deleteDevice(deps.db, input.user.id, input.deviceId)))
    throw new DomainError('not_found', DEVICE_NOT_FOUND);
  return listDevices(deps, input.user);
}
