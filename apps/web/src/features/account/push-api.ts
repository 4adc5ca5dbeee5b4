// Calls and hooks for the push section of Settings, and the browser's side of a push subscription
// (the Push API, through Kept's service worker).
import type { PushDevice, PushDevicesResponse, PushSubscribeRequest } from '@kept/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/api';

export type { PushDevice, PushDevicesResponse };

export const pushDevicesQueryKey = ['account', 'push-devices'] as const;

export function pushDevicesQuery() {
  return queryOptions({
    queryKey: pushDevicesQueryKey,
    queryFn: ({ signal }) => call(api.GET('/api/me/push-subscriptions', { signal })),
    staleTime: 0,
  });
}

export const usePushDevices = () => useQuery(pushDevicesQuery());

/** What this browser can do: no Push API at all, or notifications blocked, or ready to ask. */
export type PushSupport = 'unsupported' | 'denied' | 'available';

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** Kept's service worker registration, once it is active; null when this page has none. */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  return navigator.serviceWorker.ready;
}

/** This browser's current push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await readyRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Why turning on failed, in words for the person (thrown by enableOnThisDevice). */
export class PushSetupError extends Error {}

export const PUSH_TEXTS = {
  unsupported:
    'This browser cannot show notifications from Kept. Email reminders still reach you. (On an iPhone or iPad, add Kept to your Home Screen first, then open it from there.)',
  denied:
    'Notifications are blocked for Kept in this browser. Allow them in your browser’s site settings, then turn them on here.',
  notAllowed: 'Kept can only send notifications once you allow them. Nothing was changed.',
  noWorker: 'Kept’s offline support is not running in this window yet. Please reload the page and try again.',
  failed: 'Could not turn on notifications on this device. Please try again.',
} as const;

async function subscribeThisBrowser(): Promise<PushSubscribeRequest> {
  if (pushSupport() === 'unsupported') throw new PushSetupError(PUSH_TEXTS.unsupported);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError(PUSH_TEXTS.denied);
  if (permission !== 'granted') throw new PushSetupError(PUSH_TEXTS.notAllowed);
  const registration = await readyRegistration();
  if (!registration) throw new PushSetupError(PUSH_TEXTS.noWorker);
  const { publicKey } = await call(api.GET('/api/push/public-key'));
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    });
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushSetupError(PUSH_TEXTS.failed);
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      call(api.POST('/api/me/push-subscriptions', { body: await subscribeThisBrowser() })),
    onSuccess: (data) => queryClient.setQueryData(pushDevicesQueryKey, data),
  });
}

/** Removes a device; for this browser (`endpoint` is its own) the browser's subscription ends too. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ device, thisBrowser }: { device: PushDevice; thisBrowser: boolean }) => {
      const answer = await call(
        api.DELETE('/api/me/push-subscriptions/{deviceId}', { params: { path: { deviceId: device.id } } }),
      );
      if (thisBrowser) await (await currentSubscription())?.unsubscribe();
      return answer;
    },
    onSuccess: (data) => queryClient.setQueryData(pushDevicesQueryKey, data),
  });
}
