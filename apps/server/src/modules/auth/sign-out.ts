// Sign out: better-auth ends the session; resolves to the cookies that clear it.
import { toDomainError, type AccountDeps, type Ctx } from './accounts.ts';

export async function signOut(deps: AccountDeps, ctx: Ctx): Promise<Headers> {
  try {
    const result = await deps.auth.api.signOut({ headers: ctx.headers, returnHeaders: true });
    return result.headers;
  } catch (err) {
    throw toDomainError(err);
  }
}
