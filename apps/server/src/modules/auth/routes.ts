// Sign up, sign in, sign out, password reset, and who is signed in.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  LoginRequestSchema,
  OkResponseSchema,
  SessionResponseSchema,
  ResetLinkParamsSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  VerifyEmailRequestSchema,
  type ChangePasswordData,
  type SessionUser,
  type SignupData,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import { ACCOUNT_MESSAGES, type Ctx } from './accounts.ts';

export type AuthUseCases = {
  signUp: (data: SignupData, ctx: Ctx) => Promise<void>;
  signIn: (
    input: { email: string; password: string },
    ctx: Ctx,
  ) => Promise<{ headers: Headers; user: SessionUser | null }>;
  signOut: (ctx: Ctx) => Promise<Headers>;
  requestPasswordReset: (email: string, ctx: Ctx) => Promise<void>;
  checkResetLink: (token: string, ctx: Ctx) => Promise<void>;
  resetPassword: (input: { token: string; password: string }, ctx: Ctx) => Promise<void>;
  changePassword: (user: SessionUser, input: ChangePasswordData, ctx: Ctx) => Promise<Headers>;
  verifyEmail: (token: string, ctx: Ctx) => Promise<void>;
  resendVerification: (user: SessionUser, ctx: Ctx) => Promise<void>;
};

const ctx = (request: FastifyRequest): Ctx => ({ headers: request.webHeaders(), ip: request.ip });

function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

export const authRoutes =
  (useCases: AuthUseCases): FastifyPluginAsyncZod =>
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
        await useCases.signUp(request.body, ctx(request));
        return reply.status(201).send({ ok: true });
      },
    );

    app.post(
      '/api/auth/sign-in',
      { schema: { body: LoginRequestSchema, response: withErrors({ 200: SessionResponseSchema }) } },
      async (request, reply) => {
        const { headers, user } = await useCases.signIn(request.body, ctx(request));
        forwardCookies(reply, headers);
        return reply.header('cache-control', 'no-store').send({ user });
      },
    );

    app.post(
      '/api/auth/sign-out',
      { schema: { response: withErrors({ 200: OkResponseSchema }) } },
      async (request, reply) => {
        forwardCookies(reply, await useCases.signOut(ctx(request)));
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
        await useCases.requestPasswordReset(request.body.email, ctx(request));
        return { ok: true as const, message: ACCOUNT_MESSAGES.resetSent };
      },
    );

    app.get(
      '/api/auth/reset-password/:token',
      { schema: { params: ResetLinkParamsSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request, reply) => {
        await useCases.checkResetLink(request.params.token, ctx(request));
        return reply.header('cache-control', 'no-store').send({ ok: true });
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { body: ResetPasswordRequestSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request) => {
        await useCases.resetPassword(request.body, ctx(request));
        return { ok: true as const };
      },
    );

    // Settings: a new password. Every session ends; this browser gets a new one (the cookie below).
    app.post(
      '/api/me/password',
      { schema: { body: ChangePasswordRequestSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request, reply) => {
        const user = await request.requireUser();
        forwardCookies(reply, await useCases.changePassword(user, request.body, ctx(request)));
        return reply.header('cache-control', 'no-store').send({ ok: true });
      },
    );

    // The link of a verification email (the page /verify-email sends its token here).
    app.post(
      '/api/auth/verify-email',
      { schema: { body: VerifyEmailRequestSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request) => {
        await useCases.verifyEmail(request.body.token, ctx(request));
        return { ok: true as const };
      },
    );

    // Settings' banner: the verification link again, to the signed-in user's own address.
    app.post(
      '/api/me/verification-email',
      { schema: { response: withErrors({ 200: OkResponseSchema }) } },
      async (request) => {
        await useCases.resendVerification(await request.requireUser(), ctx(request));
        return { ok: true as const };
      },
    );
  };
