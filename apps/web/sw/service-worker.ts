// Kept's service worker (decision 036), built by vite-plugin-pwa (injectManifest) with Workbox.
//   - The app's shell (index.html, scripts, styles, icons) is precached, so Kept opens offline.
//   - Pages: network first; offline, the page as last served for that address, else the shell.
//   - A few reads, so project pages stay readable offline: network first, and a copy kept. A copy is only
//     ever answered when the network failed, marked with `x-kept-offline-copy: <when it was fetched>`,
//     so the app says "You are offline — this is what Kept showed at <time>" instead of passing old
//     amounts off as current. Every other /api request, and every write, goes to the network only.
//   - Pushes: shows the notification; a click opens (or focuses) the page it names.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Cache names: signing out deletes them (the web app's session feature). */
const PAGES = 'kept-pages';
const READS = 'kept-reads';
/** The header marking an answer from the offline copy; its value is when the copy was fetched. */
const OFFLINE_COPY = 'x-kept-offline-copy';
/** How long the network gets before the copy is used (a bad connection, not only none). */
const NETWORK_TIMEOUT_SECONDS = 6;

// A new build takes over at once: the precache always matches the pages the server sends.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/**
 * The reads project pages need: who is signed in, a project, its history and its supporters, and the
 * signed-in user's favourites (the heart on the page).
 */
const OFFLINE_READS = [
  /^\/api\/session$/,
  /^\/api\/me\/favorites$/,
  /^\/api\/projects\/[^/]+$/,
  /^\/api\/projects\/[^/]+\/history$/,
  /^\/api\/projects\/[^/]+\/supporters$/,
];

/** Marks an answer taken from the cache (only ever used when the network failed). */
const markOfflineCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY, cachedResponse.headers.get('date') ?? new Date(0).toUTCString());
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

/** Only complete, successful answers are kept. */
const onlyOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && OFFLINE_READS.some((re) => re.test(url.pathname)),
  new NetworkFirst({
    cacheName: READS,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [onlyOk, markOfflineCopy, new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true })],
  }),
);

/**
 * A page never opened online: the newest page kept (it carries who is signed in, so the app needs no
 * /api/session to start), else the precached shell; either way the app shows its offline state.
 */
async function offlineShell(): Promise<Response> {
  const pages = await caches.open(PAGES);
  const kept = await pages.keys();
  const newest = kept.at(-1);
  const page = newest ? await pages.match(newest) : undefined;
  return page ?? (await matchPrecache('/index.html')) ?? Response.error();
}

setCatchHandler(async ({ request }) => (request.mode === 'navigate' ? offlineShell() : Response.error()));

type PushMessage = { title: string; body: string; url: string; tag: string };

function readPush(event: PushEvent): PushMessage | null {
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined;
    if (!data || typeof data.title !== 'string') return null;
    return {
      title: data.title,
      body: typeof data.body === 'string' ? data.body : '',
      // Only Kept's own pages are opened from a notification.
      url:
        typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
          ? data.url
          : '/',
      tag: typeof data.tag === 'string' ? data.tag : '',
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const message = readPush(event);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
