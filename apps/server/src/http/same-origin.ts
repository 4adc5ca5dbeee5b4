// CSRF defence for every state-changing call: a browser request must come from our own origin.
// Browsers send Origin (and Sec-Fetch-Site) on cross-site POSTs; a mismatch is refused. Requests with
// neither header come from non-browser clients, which cannot carry a victim's cookies.
//
// The guard looks at the method only, never at how the address is written: the router serves
// `/%61pi/…` as `/api/…`, so a rule keyed on the raw address's prefix could be walked around. Every
// state-changing request is checked, whatever its path (the app has no cross-site form to accept).
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Server-to-server callers authenticated by signature, not by cookie: exempt by the route the router
 * matched (never by the raw address, which `..` or %-escapes could dress up).
 */
const EXEMPT_ROUTES = new Set(['/api/webhooks/stripe']);

export function registerSameOriginGuard(app: FastifyInstance, baseUrl: string): void {
  const ownOrigin = new URL(baseUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSite =
      (origin !== undefined && origin !== ownOrigin) ||
      (origin === undefined &&
        fetchSite !== undefined &&
        fetchSite !== 'same-origin' &&
        fetchSite !== 'none');
    if (crossSite) {
      return sendError(reply, 'cross_origin', 'This request came from another site and was refused.');
    }
  });
}
