// Malformed addresses (a broken %-escape such as /api/users/%C0) would be refused by the router before
// any hook runs: no error envelope, no security headers, no request id. Instead they are routed to a
// path no route has, and the not-found handler answers them with a 400 in the error format.
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** Where a malformed address is sent; no route is registered here. */
export const BAD_URL_PATH = '/api/_invalid-address';

function wellFormed(url: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    decodeURIComponent(url.split('?', 1)[0]!); // the query string is parsed leniently on its own
    return true;
  } catch {
    return false;
  }
}

/** Fastify's `rewriteUrl`: the address as given, or BAD_URL_PATH when it cannot be decoded. */
export function rewriteBadUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  return wellFormed(url) ? url : BAD_URL_PATH;
}

/** True for a request whose own address was malformed (see rewriteBadUrl). */
export function hadBadUrl(request: FastifyRequest): boolean {
  return request.url === BAD_URL_PATH && request.originalUrl !== BAD_URL_PATH;
}
