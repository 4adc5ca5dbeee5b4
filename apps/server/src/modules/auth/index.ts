// Accounts: the plugin that registers the sign-up, sign-in and reset routes with their use cases.
// Who is signed in (currentUser) is read for every request by http/auth-context.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountDeps } from './accounts.ts';
import { changePassword } from './change-password.ts';
import { checkResetLink } from './check-reset-link.ts';
import { resendVerification } from './resend-verification.ts';
import { verifyEmail } from './verify-email.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { authRoutes } from './routes.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { signUp } from './sign-up.ts';

export const authModule =
  (deps: AccountDeps & { baseUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      authRoutes({
        signUp: (data, ctx) => signUp(deps, data, ctx),
        signIn: (input, ctx) => signIn(deps, input, ctx),
        signOut: (ctx) => signOut(deps, ctx),
        requestPasswordReset: (email, ctx) => requestPasswordReset(deps, email, ctx),
        checkResetLink: (token, ctx) => checkResetLink(deps, token, ctx),
        resetPassword: (input, ctx) => resetPassword(deps, input, ctx),
        changePassword: (user, input, ctx) => changePassword(deps, user, input, ctx),
        verifyEmail: (token, ctx) => verifyEmail(deps, token, ctx),
        resendVerification: (user, ctx) => resendVerification(deps, user, ctx),
      }),
    );
  };
