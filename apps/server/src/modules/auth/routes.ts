import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  LoginRequestSchema,
  OkResponseSchema,
  SessionResponseSchema,
  ResetLinkParamsSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import { ACCOUNT_MESSAGES, type AccountService } from './service.ts';

const ctx = (request: FastifyRequest) => ({ headers: request.webHeaders(), ip: request.ip });

function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Sign up, sign in, sign out, password reset, and who is signed in. */
export const authRoutes =
  (accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/session',
      { schema: { response: withErrors({ 200: SessionResponseSchema }) } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { user: await request.currentUser() };
      },
    );

    app.post(
      '/api/auth/sign-up',
      { schema: { body: SignupRequestSchema, response: withErrors({ 201: OkResponseSchema }) } },
      async (request, reply) => {
        await accounts.signUp(request.body, ctx(request));
        return reply.status(201).send({ ok: true });
      },
    );

    app.post(
      '/api/auth/sign-in',
      { schema: { body: LoginRequestSchema, response: withErrors({ 200: SessionResponseSchema }) } },
      async (request, reply) => {
        const { headers } = await accounts.signIn(request.body.email, request.body.password, ctx(request));
        forwardCookies(reply, headers);
        // The new cookie is not on this request yet: read the user by the token just issued.
        const cookie = headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const user = await accounts.currentUser(cookie);
        return reply.header('cache-control', 'no-store').send({ user });
      },
    );

    app.post(
      '/api/auth/sign-out',
      { schema: { response: withErrors({ 200: OkResponseSchema }) } },
      async (request, reply) => {
        const headers = await accounts.signOut(ctx(request));
        forwardCookies(reply, headers);
        return reply.send({ ok: true });
      },
    );

    app.post(
      '/api/auth/forgot-password',
      {
        schema: {
          body: ForgotPasswordRequestSchema,
          response: withErrors({ 200: ForgotPasswordResponseSchema }),
        },
      },
      async (request) => {
        await accounts.requestPasswordReset(request.body.email, ctx(request));
        return { ok: true as const, message: ACCOUNT_MESSAGES.resetSent };
      },
    );

    // The reset page asks first, so a used or broken link says so before anything is typed.
    app.get(
      '/api/auth/reset-password/:token',
      { schema: { params: ResetLinkParamsSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request, reply) => {
        await accounts.checkResetLink(request.params.token, ctx(request));
        return reply.header('cache-control', 'no-store').send({ ok: true });
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { body: ResetPasswordRequestSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request) => {
        await accounts.resetPassword(request.body.token, request.body.password, ctx(request));
        return { ok: true as const };
      },
    );
  };
