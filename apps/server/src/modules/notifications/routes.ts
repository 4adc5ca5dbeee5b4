// The unsubscribe link of every reminder: GET (a click) or POST (one-click unsubscribe from a mail
// client) /api/notifications/unsubscribe?token=… turns the token owner's check-in reminders off.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnsubscribeQuerySchema } from '@kept/contract';
import { htmlPage, withErrors } from '../../http/responses.ts';
import { unsubscribedPage } from './emails.ts';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export const notificationRoutes =
  (deps: {
    unsubscribeReminders: (token: string) => Promise<boolean>;
    baseUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Mail clients' one-click unsubscribe posts 'List-Unsubscribe=One-Click' as a form (RFC 8058); the
    // token is in the URL and the body is not read.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    const schema = {
      description: "The link of a reminder email. POST is the mail client's one-click unsubscribe.",
      querystring: UnsubscribeQuerySchema,
      response: withErrors({
        200: htmlPage('Reminders are off.'),
        400: htmlPage('The link is not valid.'),
      }),
    };
    const handler = async (request: { query: { token?: string | undefined } }, reply: FastifyReply) => {
      const { token } = request.query;
      const ok = token !== undefined && (await deps.unsubscribeReminders(token));
      return reply
        .status(ok ? 200 : 400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribedPage({ ok, homeUrl: `${deps.baseUrl}/` }));
    };
    app.get(UNSUBSCRIBE_PATH, { schema }, handler);
    app.post(UNSUBSCRIBE_PATH, { schema }, handler);
  };
