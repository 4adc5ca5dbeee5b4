// Security headers on every response, API and pages alike, errors included.
// helmet decides the headers; it runs once at start against a recording response, and every request
// gets one of two frozen sets (with its request id) in one hook: the pages' set, or for JSON answers a
// CSP that lets nothing load (`default-src 'none'`, OWASP's advice for APIs) without the headers nothing
// acts on in data (decision 041). @fastify/helmet would rebuild helmet's middleware, and re-parse the
// CSP, on every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { DOCS_PREFIX } from './openapi.ts';

/**
 * helmet's headers that nothing acts on in a JSON answer (DNS prefetching, IE's download prompt, Flash's
 * cross-domain policies, the old XSS auditor): JSON answers go without. `Cross-Origin-Opener-Policy` and
 * `Origin-Agent-Cluster` stay on every answer: they decide which process a document may share, and the
 * Lighthouse audit opens /api/health first so that the page it measures commits into a renderer that was
 * running before its trace (decision 011); a JSON tab with other policies made Chromium start a new one.
 */
const DOCUMENT_ONLY_HEADERS = [
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The CSP of JSON answers: nothing may load, nothing may frame them. */
const API_DIRECTIVES = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

export function helmetOptions(opts: { https: boolean; api?: boolean }): HelmetOptions {
  const pageDirectives = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...(opts.api ? API_DIRECTIVES : pageDirectives),
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers helmet sets with these options, recorded once (lower-case names). */
export function securityHeaders(opts: { https: boolean; api?: boolean }): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(helmetOptions(opts))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      failed = err;
    },
  );
  if (failed) throw failed;
  return Object.freeze(headers);
}

/** Whether the matched route answers data (JSON); the reference at /api/docs is a page. */
function answersData(route: string | undefined): boolean {
  return route !== undefined && route.startsWith('/api/') && !route.startsWith(DOCS_PREFIX);
}

export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): void {
  const page = securityHeaders(opts);
  const data = securityHeaders({ ...opts, api: true });
  const dataHeaders = Object.freeze(
    Object.fromEntries(Object.entries(data).filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name))),
  );
  // The set is chosen by the route before the answer exists, and corrected in the rare case the
  // answer is not what its route usually answers (an HTML page under /api, JSON from a page route).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answersData(request.routeOptions.url) ? dataHeaders : page);
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const json = typeof type === 'string' && type.startsWith('application/json');
    const hasDataCsp = reply.getHeader('content-security-policy') === data['content-security-policy'];
    if (json && !hasDataCsp) {
      reply.headers(dataHeaders);
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    } else if (!json && hasDataCsp) {
      reply.headers(page);
    }
    done(null, payload);
  });
}
