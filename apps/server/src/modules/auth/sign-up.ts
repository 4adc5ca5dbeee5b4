// Sign up: a new account (better-auth) with a free username; rate-limited per address and per email.
import type { SignupData } from '@kept/contract';
import { HOUR, toDomainError, usernameTakenError, type AccountDeps, type Ctx } from './accounts.ts';
import { isUsernameTaken } from './queries.ts';

export async function signUp(deps: AccountDeps, data: SignupData, ctx: Ctx): Promise<void> {
  const { auth, db, limiter } = deps;
  await limiter.consume(
    { key: `signup:ip:${ctx.ip}`, max: 20, windowMs: HOUR },
    { key: `signup:email:${data.email}`, max: 5, windowMs: HOUR },
  );
  if (await isUsernameTaken(db, data.username)) throw usernameTakenError();
  try {
    await auth.api.signUpEmail({
      body: {
        name: data.username,
        email: data.email,
        password: data.password,
        username: data.username,
        timezone: data.timezone,
      },
      headers: ctx.headers,
    });
  } catch (err) {
    // Two sign-ups racing for one username: the database's unique index decides.
    if (await isUsernameTaken(db, data.username)) throw usernameTakenError();
    throw toDomainError(err);
  }
}
