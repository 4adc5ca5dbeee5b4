// Settings → Change password, on better-auth's own changePassword: the current password is checked,
// every session of the user ends (revokeOtherSessions deletes them all and signs this browser in again
// with a new cookie), the user's reset links end (auth.ts's after hook) and a notification is queued.
import crypto from 'node:crypto';
import { PASSWORD_MESSAGES } from '@kept/domain';
import type { ChangePasswordData, SessionUser } from '@kept/contract';
import { APIError } from 'better-auth/api';
import { DomainError } from '../../http/errors.ts';
import { queueEmail } from '../../jobs/tasks.ts';
import { passwordChangedEmail } from './emails.ts';
import { toDomainError, type AccountDeps, type Ctx } from './accounts.ts';

/** Guesses of the current password by someone holding a session: as many as sign-in allows. */
export const CHANGE_PASSWORD_LIMIT = (userId: string) => ({
  key: `change-password:user:${userId}`,
  max: 10,
  windowMs: 15 * 60_000,
});

export async function changePassword(
  deps: AccountDeps & { baseUrl: string },
  user: SessionUser,
  input: ChangePasswordData,
  ctx: Ctx,
): Promise<Headers> {
  await deps.limiter.consume(CHANGE_PASSWORD_LIMIT(user.id));
  const result = await deps.auth.api
    .changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: ctx.headers,
      returnHeaders: true,
    })
    .catch((err: unknown) => {
      if (err instanceof APIError && err.body?.code === 'INVALID_PASSWORD')
        throw new DomainError('validation_error', PASSWORD_MESSAGES.currentWrong, {
          currentPassword: PASSWORD_MESSAGES.currentWrong,
        });
      throw toDomainError(err);
    });
  await deps.limiter.clear(CHANGE_PASSWORD_LIMIT(user.id));
  // better-auth committed the change in its own transaction; the notice is queued right after it.
  await queueEmail(
    deps.db,
    `password-changed:${user.id}:${crypto.randomUUID()}`,
    passwordChangedEmail(user.email, user.username, `${deps.baseUrl}/forgot-password`),
  );
  return result.headers;
}
