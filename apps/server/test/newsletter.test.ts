import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { readOutbox, type Mail } from './support/mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const subscribe = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object });
const mailsTo = async (to: string): Promise<Mail[]> => {
  await t.app.jobs.drain();
  return readOutbox(t.config.mail.outboxDir).filter((m) => m.to === to);
};
const row = async (email: string) =>
  (
    await t.database.pool.query(
      `select email, unsubscribed_at from newsletter_subscribers where email = $1`,
      [email],
    )
  ).rows;
const unsubscribeLink = (mail: Mail) => {
  const link = /http:\/\/localhost:3000(\/api\/newsletter\/unsubscribe\?token=[^\s]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no unsubscribe link in ${mail.text}`);
  return link;
};

describe('newsletter sign-up', () => {
  it("answers { success: false, error } with the form's messages, after trimming", async () => {
    for (const [payload, error] of [
      [{ email: '' }, 'Please enter your email address'],
      [{ email: '   ' }, 'Please enter your email address'],
      [{}, 'Please enter your email address'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: 'a@b' }, 'Please enter a valid email address'],
      [{ email: 42 }, 'Please enter a valid email address'],
    ] as const) {
      const res = await subscribe(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ success: false, error });
    }
    const { rows } = await t.database.pool.query(`select count(*)::int as n from newsletter_subscribers`);
    expect(rows[0].n).toBe(0);
  });

  it('subscribes a trimmed, lower-cased address once and sends one confirmation', async () => {
    const res = await subscribe({ email: '  Ada.Lovelace@Example.COM ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await row('ada.lovelace@example.com')).toEqual([
      { email: 'ada.lovelace@example.com', unsubscribed_at: null },
    ]);

    const again = await subscribe({ email: 'ada.lovelace@example.com' });
    expect(again.json()).toEqual({ success: true });
    expect(await row('ada.lovelace@example.com')).toHaveLength(1);

    const mails = await mailsTo('ada.lovelace@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Welcome to the Kept newsletter']);
    expect(mails[0]!.raw).toContain('Content-Type: text/html');
    expect(unsubscribeLink(mails[0]!)).toMatch(/^\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{32}$/);
  });

  it('has an unsubscribe link that works, and a returning subscriber is welcomed back', async () => {
    const email = 'grace@example.com';
    await subscribe({ email });
    const [welcome] = await mailsTo(email);
    const link = unsubscribeLink(welcome!);

    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('You&#39;re unsubscribed');
    const [unsubscribed] = await row(email);
    expect(unsubscribed!.unsubscribed_at).toBeInstanceOf(Date);

    // Following the link twice is fine.
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    expect((await subscribe({ email })).json()).toEqual({ success: true });
    expect(await row(email)).toEqual([{ email, unsubscribed_at: null }]);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(unsubscribeLink(mails[1]!)).toBe(link);
  });

  it('answers a bad or unknown token with a 400 page and changes nothing', async () => {
    for (const url of [
      '/api/newsletter/unsubscribe',
      '/api/newsletter/unsubscribe?token=',
      '/api/newsletter/unsubscribe?token=short',
      `/api/newsletter/unsubscribe?token=${'x'.repeat(32)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This link does not work');
    }
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from newsletter_subscribers where unsubscribed_at is not null`,
    );
    expect(rows[0].n).toBe(0);
  });
});
