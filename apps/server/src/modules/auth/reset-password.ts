// Sets the new password with a reset link. Having the mailbox proves the owner: the address's sign-in
// failures are forgotten, so a stranger's lockout does not outlast a reset.
import { APIError } from 'better-auth/api';
import { DomainError } from '../../http/errors.ts';
import {
  ACCOUNT_MESSAGES,
  RESET_TOKEN_LIMIT,
  SIGN_IN_LIMITS,
  type AccountDeps,
  type Ctx,
} from './accounts.ts';
import { selectResetLinkOwnerEmail } from './queries.ts';

export async function resetPassword(
  deps: AccountDeps,
  input: { token: string; password: string },
  ctx: Ctx,
): Promise<void> {
  const { token, password } = input;
  await deps.limiter.consume(RESET_TOKEN_LIMIT(ctx.ip));
  const email = await selectResetLinkOwnerEmail(deps.db, token);
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: password }, headers: ctx.headers });
  } catch (err) {
    if (err instanceof APIError && err.statusCode < 500) {
      throw new DomainError('invalid_reset_link', ACCOUNT_MESSAGES.invalidResetLink);
    }
    throw err;
  }
  if (email) await deps.limiter.clear(SIGN_IN_LIMITS.email(email));
}
