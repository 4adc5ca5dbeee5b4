// Forgot password: same answer, status and timing whether or not the address has an account. After
// the rate limit, better-auth's work (and the queued email) happens in the background and the caller
// is answered at once.
import { HOUR, type AccountDeps, type Ctx } from './accounts.ts';

export async function requestPasswordReset(deps: AccountDeps, email: string, ctx: Ctx): Promise<void> {
  await deps.limiter.consume(
    { key: `reset:ip:${ctx.ip}`, max: 20, windowMs: HOUR },
    { key: `reset:email:${email}`, max: 5, windowMs: HOUR },
  );
  void deps.auth.api
    .requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers: ctx.headers })
    .catch((err: unknown) => deps.log.error({ err }, 'password reset request failed'));
}
