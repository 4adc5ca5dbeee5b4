// Changing the address (request in Settings, the two emailed links) and deleting the account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDeletionResponseSchema,
  ChangeEmailRequestSchema,
  ChangeEmailResponseSchema,
  DeleteAccountRequestSchema,
  EmailChangeLinkRequestSchema,
  OkResponseSchema,
  type AccountDeletionResponse,
  type ChangeEmailData,
  type ChangeEmailResponse,
  type SessionUser,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';

export type LifecycleUseCases = {
  requestEmailChange: (user: SessionUser, input: ChangeEmailData) => Promise<ChangeEmailResponse>;
  confirmEmailChange: (token: string, ip: string) => Promise<void>;
  undoEmailChange: (token: string, ip: string) => Promise<void>;
  showAccountDeletion: (user: SessionUser) => Promise<AccountDeletionResponse>;
  deleteAccount: (user: SessionUser, password: string) => Promise<void>;
  /** Headers that clear the session cookie in the browser. */
  clearSessionCookie: () => Promise<string[]>;
};

export const lifecycleRoutes =
  (useCases: LifecycleUseCases): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/me/email',
      {
        schema: { body: ChangeEmailRequestSchema, response: withErrors({ 200: ChangeEmailResponseSchema }) },
      },
      async (request) => useCases.requestEmailChange(await request.requireUser(), request.body),
    );

    // The link mailed to the new address (the page /confirm-email-change sends its token here).
    app.post(
      '/api/auth/email-change/confirm',
      { schema: { body: EmailChangeLinkRequestSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request) => {
        await useCases.confirmEmailChange(request.body.token, request.ip);
        return { ok: true as const };
      },
    );

    // The link mailed to the old address (the page /undo-email-change sends its token here).
    app.post(
      '/api/auth/email-change/undo',
      { schema: { body: EmailChangeLinkRequestSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request, reply) => {
        await useCases.undoEmailChange(request.body.token, request.ip);
        // Every session ended, this browser's too if it had one.
        return reply.header('set-cookie', await useCases.clearSessionCookie()).send({ ok: true as const });
      },
    );

    app.get(
      '/api/me/account-deletion',
      { schema: { response: withErrors({ 200: AccountDeletionResponseSchema }) } },
      async (request, reply) => {
        const answer = await useCases.showAccountDeletion(await request.requireUser());
        reply.header('cache-control', 'no-store');
        return answer;
      },
    );

    app.post(
      '/api/me/account-deletion',
      { schema: { body: DeleteAccountRequestSchema, response: withErrors({ 200: OkResponseSchema }) } },
      async (request, reply) => {
        await useCases.deleteAccount(await request.requireUser(), request.body.password);
        return reply.header('set-cookie', await useCases.clearSessionCookie()).send({ ok: true as const });
      },
    );
  };
