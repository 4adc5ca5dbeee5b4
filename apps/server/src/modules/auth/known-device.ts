// Known devices: a browser where an account has signed in before carries a signed cookie naming that
// account's device. Sign-in counts failures per account; once an account has too many, attempts without
// the cookie are refused, while the owner's own browser keeps its separate count and still gets in. A
// stranger who hammers an address locks out only the browsers that never signed in to it (decision 006).
import crypto from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';

/** A device cookie lives a year; each sign-in without a valid one issues a new one. */
export const KNOWN_DEVICE_MAX_AGE_SEC = 60 * 60 * 24 * 365;

/** Sent only to the sign-in routes, never to pages or the rest of the API. */
const COOKIE_PATH = '/api/auth';

export type KnownDeviceSettings = { secure: boolean; secret: string };

export function knownDeviceCookieName(secure: boolean): string {
  return secure ? '__Secure-kept.known_device' : 'kept.known_device';
}

/** The signature that ties a device id to one user: HMAC-SHA256 under the auth secret, base64url. */
function signature(secret: string, deviceId: string, userId: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`kept-known-device:${deviceId}:${userId}`)
    .digest('base64url');
}

/**
 * The device id in the request's cookie when that cookie was issued to `userId`, else null. The cookie
 * holds `{deviceId}.{signature}` and names no user: another account's cookie, or a forged one, is null.
 */
export function knownDeviceId(
  cookieHeader: string | null,
  userId: string,
  settings: KnownDeviceSettings,
): string | null {
  if (!cookieHeader) return null;
  const value = fastifyCookie.parse(cookieHeader)[knownDeviceCookieName(settings.secure)];
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot < 1) return null;
  const deviceId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(settings.secret, deviceId, userId));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? deviceId : null;
}

/** A Set-Cookie line marking this browser as a known device of `userId`. */
export function knownDeviceCookie(userId: string, settings: KnownDeviceSettings): string {
  const deviceId = crypto.randomBytes(16).toString('base64url');
  const value = `${deviceId}.${signature(settings.secret, deviceId, userId)}`;
  return [
    `${knownDeviceCookieName(settings.secure)}=${value}`,
    `Max-Age=${KNOWN_DEVICE_MAX_AGE_SEC}`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(settings.secure ? ['Secure'] : []),
  ].join('; ');
}
