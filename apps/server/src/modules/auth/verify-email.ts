// The link of a verification email: better-auth's verifyEmail checks the signed token (and its expiry)
// and marks the address verified. A link works once: better-auth answers the same for an address it has
// just verified and for one verified before, so an address already verified is refused here first, like
// an expired link. Checking links shares the reset links' count per client address.
import { APIError } from 'better-auth/api';
import { EMAIL_VERIFICATION_MESSAGES } from '@kept/domain';
import { DomainError } from '../../http/errors.ts';
import { RESET_TOKEN_LIMIT, type AccountDeps, type Ctx } from './accounts.ts';
import { isEmailVerified } from './queries.ts';

/** The address a token names, read without trusting it (better-auth checks the signature after). */
function claimedEmail(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const email = (payload as { email?: unknown }).email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}

export async function verifyEmail(deps: AccountDeps, token: string, ctx: Ctx): Promise<void> {
  await deps.limiter.consume(RESET_TOKEN_LIMIT(ctx.ip));
  const refused = () => new DomainError('invalid_verification_link', EMAIL_VERIFICATION_MESSAGES.invalidLink);
  const email = claimedEmail(token);
  if (email === null || (await isEmailVerified(deps.db, email)) !== false) throw refused();
  await deps.auth.api.verifyEmail({ query: { token }, headers: new Headers() }).catch((err: unknown) => {
    if (err instanceof APIError && err.statusCode < 500) throw refused();
    throw err;
  });
}
