// Sign in with email and password. Failures are rate-limited per client address and per account (or
// per known device of the account); a success forgets the account's failures.
import type { SessionUser } from '@kept/contract';
import { SIGN_IN_LIMITS, toDomainError, type AccountDeps, type Ctx } from './accounts.ts';
import { currentUser } from './current-user.ts';
import { knownDeviceCookie, knownDeviceId, type KnownDeviceSettings } from './known-device.ts';
import { selectUserIdByEmail } from './queries.ts';

async function deviceSettings(deps: AccountDeps): Promise<KnownDeviceSettings> {
  const c = await deps.auth.$context;
  return { secret: c.secret, secure: c.authCookies.sessionToken.name.startsWith('__Secure-') };
}

/** The request's known-device id for the account of `email`, if it carries one. */
async function knownDeviceFor(deps: AccountDeps, email: string, ctx: Ctx): Promise<string | null> {
  const cookie = ctx.headers.get('cookie');
  if (!cookie) return null;
  const userId = await selectUserIdByEmail(deps.db, email);
  return userId ? knownDeviceId(cookie, userId, await deviceSettings(deps)) : null;
}

/** Signs in; resolves to the cookies to set and the user they sign in. */
export async function signIn(
  deps: AccountDeps,
  input: { email: string; password: string },
  ctx: Ctx,
): Promise<{ headers: Headers; user: SessionUser | null }> {
  const { auth, limiter } = deps;
  const { email, password } = input;
  const deviceId = await knownDeviceFor(deps, email, ctx);
  const ipLimit = SIGN_IN_LIMITS.ip(ctx.ip);
  const emailLimit = SIGN_IN_LIMITS.email(email);
  const accountLimit = deviceId ? SIGN_IN_LIMITS.device(deviceId) : emailLimit;
  await limiter.consume(ipLimit, accountLimit);
  const result = await auth.api
    .signInEmail({
      body: { email, password, rememberMe: true },
      headers: ctx.headers,
      returnHeaders: true,
    })
    .catch((err: unknown) => {
      throw toDomainError(err);
    });
  // A success is not a failure: the address's failures are forgotten, the attempt given back.
  await limiter.release(ipLimit);
  await limiter.clear(emailLimit, ...(accountLimit === emailLimit ? [] : [accountLimit]));
  if (!deviceId)
    result.headers.append(
      'set-cookie',
      knownDeviceCookie(result.response.user.id, await deviceSettings(deps)),
    );
  // The new cookie is not on this request yet: read the user by the token just issued.
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { headers: result.headers, user: await currentUser(deps, cookie) };
}
