// Settings' banner: send the verification link again to the signed-in user's own address.
import type { SessionUser } from '@kept/contract';
import { EMAIL_VERIFICATION_MESSAGES } from '@kept/domain';
import { DomainError } from '../../http/errors.ts';
import { HOUR, toDomainError, type AccountDeps, type Ctx } from './accounts.ts';

export async function resendVerification(deps: AccountDeps, user: SessionUser, ctx: Ctx): Promise<void> {
  if (user.emailVerified) throw new DomainError('conflict', EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
  await deps.limiter.consume({ key: `verify-email:user:${user.id}`, max: 5, windowMs: HOUR });
  await deps.auth.api
    .sendVerificationEmail({ body: { email: user.email }, headers: ctx.headers })
    .catch((err: unknown) => {
      throw toDomainError(err);
    });
}
