// Secrets stay out of the log. The app and its mailer log to a captured stream (as main.ts sets them
// up), then requests that carry secrets go through: a payment's client secret in the status address,
// Stripe's return address, a password-reset link (its email and its page), an unsubscribe token, the
// session cookie, an Authorization header, and a Stripe webhook with a bad signature whose payload
// holds a client secret. The log must still say what happened, and must hold none of those values.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { STRIPE_TEST_KEYS } from '../support/fake-stripe.ts';
import { readOutbox, resetTokenFrom } from '../support/mail.ts';
import { insertProjectRow } from '../support/project-rows.ts';
import { projectDraft, startDeposit } from '../support/projects.ts';
import { createUser, type SignedIn } from '../support/users.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
let t: TestApp;
let stripeApp: TestApp;
let owner: SignedIn & { email: string };
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOG_LEVEL: 'debug' }, logStream });
  stripeApp = await createTestApp({
    clock,
    env: { ...STRIPE_TEST_KEYS, LOG_LEVEL: 'debug' },
    database: t.database,
    logStream,
  });
  owner = await createUser(t.app);
  projectId = await insertProjectRow(t.database.pool, {
    userId: owner.user.id,
    createdAt: '2026-03-01T12:00:00Z',
  });
});
afterAll(async () => {
  await stripeApp.close();
  await t.close();
});

const logText = () => lines.join('');

async function waitForMail(count: number) {
  const deadline = Date.now() + 10_000;
  while (readOutbox(t.config.mail.outboxDir).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} emails`);
    await t.app.jobs.drain();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the log', () => {
  it('keeps every secret a request carries out, and still says what happened', async () => {
    const secrets: Record<string, string> = {};

    // A payment's client secret, as the payment form polls its status.
    const intent = await startDeposit(t.app, owner, projectDraft());
    secrets.clientSecret = intent.clientSecret;
    const status = await t.app.inject({
      url: `/api/payments/${intent.paymentId}/status?clientSecret=${encodeURIComponent(intent.clientSecret)}`,
    });
    expect(status.statusCode).toBe(200);

    // Stripe's return address after a redirect (3-D Secure) carries the intent's client secret.
    secrets.stripeReturn = 'pi_3Kept000_secret_returnAddressValue';
    await t.app.inject({
      url: `/project/${projectId}?donation=success&payment_intent=pi_3Kept000&payment_intent_client_secret=${secrets.stripeReturn}&redirect_status=succeeded`,
    });

    // A password reset: the email goes to the outbox, then its link's page is opened.
    const before = readOutbox(t.config.mail.outboxDir).length;
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
    });
    expect(forgot.statusCode).toBe(200);
    await waitForMail(before + 1);
    const mail = readOutbox(t.config.mail.outboxDir)[before]!;
    secrets.resetToken = resetTokenFrom(mail);
    await t.app.inject({ url: `/reset-password?token=${encodeURIComponent(secrets.resetToken)}` });
    await t.app.inject({ url: `/reset-password/${encodeURIComponent(secrets.resetToken)}` });

    // The one-click unsubscribe link of a reminder.
    secrets.unsubscribe = 'UnsubscribeTokenValue1234567890';
    await t.app.inject({ url: `/api/notifications/unsubscribe?token=${secrets.unsubscribe}` });

    // A calendar feed's secret, in its path.
    const feed = await t.app.inject({ url: '/api/me/calendar-feed', headers: { cookie: owner.cookie } });
    secrets.calendarFeed = /\/api\/calendar\/([^/]+)\//.exec(feed.json<{ url: string }>().url)![1]!;
    expect(
      (await t.app.inject({ url: `/api/calendar/${secrets.calendarFeed}/check-ins.ics` })).statusCode,
    ).toBe(200);

    // The session cookie and an Authorization header.
    secrets.cookie = owner.cookie.split('=').slice(1).join('=').split(';')[0]!;
    secrets.authorization = 'Bearer AuthorizationHeaderValue123';
    await t.app.inject({
      url: '/api/me/settings',
      headers: { cookie: owner.cookie, authorization: secrets.authorization },
    });

    // A webhook with a bad signature, whose payload holds a client secret.
    secrets.webhookSecret = 'pi_3Kept111_secret_webhookPayloadValue';
    const webhook = await stripeApp.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=0badc0ffee' },
      payload: JSON.stringify({
        id: 'evt_1',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_3Kept111', client_secret: secrets.webhookSecret } },
      }),
    });
    expect(webhook.statusCode).toBe(400);

    const log = logText();
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(10);
      expect(log.includes(value), `the log holds ${name}`).toBe(false);
      expect(log.includes(encodeURIComponent(value)), `the log holds ${name} (escaped)`).toBe(false);
    }
    expect(log).not.toContain(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);
    expect(log).not.toContain(STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET);

    // What happened is still there: the requests, and which email went to whom (and its file).
    expect(log).toContain(`/api/payments/${intent.paymentId}/status?clientSecret=[redacted]`);
    expect(log).toContain('payment_intent_client_secret=[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('Stripe webhook with a bad signature');
    const emailLine = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.to === owner.email);
    expect(emailLine).toMatchObject({ subject: 'Reset your Kept password', to: owner.email });
    expect(emailLine!.file).toBe(path.join(t.config.mail.outboxDir, mail.file));
  });
});
