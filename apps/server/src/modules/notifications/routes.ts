// The unsubscribe link of every reminder: GET (a click) or POST (one-click unsubscribe from a mail
// client) /api/notifications/unsubscribe?token=… turns the token owner's check-in reminders off.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { htmlPage, withErrors } from '../../http/responses.ts';
import { unsubscribedPage } from './emails.ts';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/** Turn reminders off for the user holding `token`. False when the token is unknown. */
export async function unsubscribeReminders(db: Db, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(token)) return false;
  const updated = await db
    .update(users)
    .set({ remindersEnabled: false })
    .where(eq(users.notificationToken, token))
    .returning({ id: users.id });
  return updated.length > 0;
}

export const notificationRoutes =
  (db: Db, baseUrl: string): FastifyPluginAsync =>
  async (app) => {
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = (request.query as { token?: unknown }).token;
      const ok = typeof token === 'string' && (await unsubscribeReminders(db, token));
      return reply
        .status(ok ? 200 : 400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribedPage({ ok, homeUrl: `${baseUrl}/` }));
    };
    // Mail clients' one-click unsubscribe posts 'List-Unsubscribe=One-Click' as a form; the token is in the URL.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    const schema = {
      description:
        "Query `token`: the link of a reminder email. POST is the mail client's one-click unsubscribe.",
      response: withErrors({
        200: htmlPage('Reminders are off.'),
        400: htmlPage('The link is not valid.'),
      }),
    };
    app.get(UNSUBSCRIBE_PATH, { schema }, handle);
    app.post(UNSUBSCRIBE_PATH, { schema }, handle);
  };
