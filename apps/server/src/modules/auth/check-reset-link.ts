// The reset page asks first, so a used or broken link says so before anything is typed: whether the
// link still works (unused, unexpired), without using it up; 'not_found' when not.
import { DomainError } from '../../http/errors.ts';
import { ACCOUNT_MESSAGES, RESET_TOKEN_LIMIT, type AccountDeps, type Ctx } from './accounts.ts';
import { isResetLinkLive } from './queries.ts';

export async function checkResetLink(deps: AccountDeps, token: string, ctx: Ctx): Promise<void> {
  await deps.limiter.consume(RESET_TOKEN_LIMIT(ctx.ip));
  if (!(await isResetLinkLive(deps.db, token)))
    throw new DomainError('not_found', ACCOUNT_MESSAGES.invalidResetLink);
}
