// What the logs may never hold: session cookies, authorization headers, payment client secrets, reset
// and unsubscribe tokens, and the provider's raw payloads (a payment intent there carries its client
// secret). Addresses are logged with those query values (and a reset link's and a calendar feed's path
// token) replaced, and
// pino removes the listed fields of any logged object. Both the app's logger and main.ts's use this.
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/** Query parameters whose value is a secret (compared in lower case). */
const SECRET_PARAMS = new Set([
  'clientsecret',
  'client_secret',
  'payment_intent_client_secret',
  'setup_intent_client_secret',
  'token',
  'access_token',
  'refresh_token',
  'password',
  'secret',
  'api_key',
  'apikey',
  'key',
]);

/** Secrets recognisable by their shape wherever they appear: Stripe keys and client secrets. */
const SECRET_SHAPES = [
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+/g,
  /\bwhsec_[A-Za-z0-9]+/g,
  /\b(?:pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g,
];

function decodeOr(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `url` with the values of secret query parameters, reset-link path tokens and secret-shaped text replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  // A reset link that carries its token in the path (/reset-password/{token}).
  path = path.replace(/(\/reset-password\/)[^/]+/i, `$1${REDACTED}`);
  // A calendar feed's secret (/api/calendar/{token}/check-ins.ics).
  path = path.replace(/(\/api\/calendar\/)[^/]+/i, `$1${REDACTED}`);
  let redacted = path;
  if (q !== -1) {
    const query = url
      .slice(q + 1)
      .split('&')
      .map((part) => {
        const eq = part.indexOf('=');
        const name = eq === -1 ? part : part.slice(0, eq);
        return eq !== -1 && SECRET_PARAMS.has(decodeOr(name).trim().toLowerCase())
          ? `${name}=${REDACTED}`
          : part;
      })
      .join('&');
    redacted = `${path}?${query}`;
  }
  for (const shape of SECRET_SHAPES) redacted = redacted.replace(shape, REDACTED);
  return redacted;
}

/** Fields removed from every logged object. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'err.raw',
  'err.payload',
  'err.header',
  'err.headers',
  'err.payment_intent',
  'err.payment_method',
  'err.setup_intent',
  'err.source',
];

/** The request as Fastify logs it ('incoming request'), with its address redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/** Pino options that keep secrets out of the log. */
export const logRedaction: Pick<LoggerOptions, 'redact' | 'serializers'> = {
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  serializers: { req: serializeRequest as (value: unknown) => unknown },
};
