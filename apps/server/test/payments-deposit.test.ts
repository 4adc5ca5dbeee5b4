import { endDateFor, frequencyError, parseCustomDeposit } from '@kept/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { FIRST_CHECK_IN_TEXT } from '../src/modules/projects/create-from-deposit.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { readOutbox } from './support/mail.ts';
import { subjectOf } from './support/mime.ts';
import {
  confirmCard,
  createPaidProject,
  projectDraft,
  startDeposit,
  TEST_CARDS,
} from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

// 2026-03-01 12:00 UTC is 07:00 in New York (the test users' zone); DST starts there on March 8.
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app, { timezone: 'America/New_York' });
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (values.length > 0 ? await t.database.pool.query(text, values) : await t.database.pool.query(text))
    .rows as T[];
const outbox = async () => {
  await t.app.jobs.drain();
  return readOutbox(t.config.mail.outboxDir);
};
const status = (paymentId: string, clientSecret: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/payments/${paymentId}/status?clientSecret=${encodeURIComponent(clientSecret)}`,
  });

describe('payment settings', () => {
  it('uses the simulated provider when no Stripe keys are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ provider: 'simulated', publishableKey: null });
  });

  it('has no Stripe webhook without Stripe', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

/** The create form's message for what was typed in the custom deposit field. */
function parseCustomDepositError(typed: string): string {
  const parsed = parseCustomDeposit(typed);
  if (!('error' in parsed)) throw new Error(`'${typed}' is a valid deposit`);
  return parsed.error;
}

describe('deposit intent', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/deposit-intent',
      payload: projectDraft(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('You must be logged in to create a project.');
  });

  it('checks the draft with the spec messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '  ' }, 'title', 'Please fill in all required fields.'],
      [{ depositCents: null }, 'depositCents', 'Please select a deposit amount.'],
      [{ depositCents: 999 }, 'depositCents', 'Custom deposit amount must be between $10 and $1000.'],
      [{ depositCents: 100_001 }, 'depositCents', 'Custom deposit amount must be between $10 and $1000.'],
      [{ depositCents: -500 }, 'depositCents', 'Custom deposit amount must be between $10 and $1000.'],
      // $10.005: a fraction of a cent, said the way the create form says it.
      [{ depositCents: 1000.5 }, 'depositCents', parseCustomDepositError('10.005')],
      [{ depositCents: 'abc' }, 'depositCents', parseCustomDepositError('abc')],
      [{ depositCents: { cents: 2000 } }, 'depositCents', parseCustomDepositError('abc')],
      [
        { lengthValue: 1, lengthUnit: 'days', frequencyValue: 1, frequencyUnit: 'days' },
        'lengthValue',
        'Project length must be between 2 and 31 days.',
      ],
      [
        { lengthValue: 9, lengthUnit: 'days', frequencyValue: 5, frequencyUnit: 'days' },
        'frequencyValue',
        frequencyError(9, 'days', 5, 'days')!,
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/deposit-intent',
        headers: { cookie: owner.cookie },
        payload: { ...projectDraft(), ...change },
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toMatchObject({ message, fields: { [field]: message } });
    }
    expect(await q(`select id from payments where user_id = $1`, [owner.user.id])).toEqual([]);
  });

  it('computes the charge on the server: deposit + 4% + $0.90, whatever the browser sends', async () => {
    for (const [depositCents, chargeCents, feeCents] of [
      [2_000, 2_170, 170],
      [3_333, 3_556, 223],
      [50_000, 52_090, 2_090],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/deposit-intent',
        headers: { cookie: owner.cookie },
        payload: { ...projectDraft({ depositCents }), amountCents: 1, chargeCents: 1, amount: 1 },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        provider: 'simulated',
        amountCents: chargeCents,
        depositCents,
        feeCents,
        currency: 'usd',
      });
      expect(body.paymentIntentId).toMatch(/^pi_sim_/);
      expect(body.customerId).toMatch(/^cus_sim_/);
      expect(body.clientSecret.startsWith(`${body.paymentIntentId}_secret_`)).toBe(true);
      const [intent] = await q(`select amount_cents from simulated_payment_intents where id = $1`, [
        body.paymentIntentId,
      ]);
      expect(intent).toEqual({ amount_cents: chargeCents });
    }
  });

  it('stores the payment (key, draft, secret hash) and never the client secret itself', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Stored draft' }));
    const [row] = await q<Record<string, unknown>>(`select * from payments where id = $1`, [
      intent.paymentId,
    ]);
    expect(row).toMatchObject({
      provider: 'simulated',
      kind: 'deposit',
      status: 'requires_payment',
      amount_cents: 5_290,
      user_id: owner.user.id,
      project_id: null,
      provider_intent_id: intent.paymentIntentId,
      provider_customer_id: intent.customerId,
    });
    expect(row!.draft).toMatchObject({
      title: 'Stored draft',
      depositCents: 5_000,
      lengthDays: 30,
      frequencyDays: 7,
    });
    expect(row!.idempotency_key).toMatch(/^deposit:/);
    expect(JSON.stringify(row)).not.toContain(intent.clientSecret);
  });

  it('answers the same intent for a retried Idempotency-Key, and refuses the key with other details', async () => {
    const headers = { 'idempotency-key': 'attempt-0001-abcdef' };
    const first = await startDeposit(t.app, owner, projectDraft({ title: 'Retry me' }), headers);
    const again = await startDeposit(t.app, owner, projectDraft({ title: 'Retry me' }), headers);
    expect(again).toEqual(first);
    expect(await q(`select id from payments where idempotency_key like '%attempt-0001-abcdef'`)).toHaveLength(
      1,
    );

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/deposit-intent',
      headers: { cookie: owner.cookie, ...headers },
      payload: projectDraft({ title: 'Something else' }),
    });
    expect(changed.statusCode).toBe(409);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/deposit-intent',
      headers: { cookie: owner.cookie, 'idempotency-key': 'no spaces!' },
      payload: projectDraft(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("scopes Idempotency-Keys to the user: another user's same key makes a new intent", async () => {
    const other = await createUser(t.app);
    const headers = { 'idempotency-key': 'shared-key-123456' };
    const mine = await startDeposit(t.app, owner, projectDraft(), headers);
    const theirs = await startDeposit(t.app, other, projectDraft(), headers);
    expect(theirs.paymentId).not.toBe(mine.paymentId);
    expect(theirs.clientSecret).not.toBe(mine.clientSecret);
  });

  it("reuses the user's customer for later deposits", async () => {
    const user = await createUser(t.app);
    const first = await startDeposit(t.app, user);
    const second = await startDeposit(t.app, user);
    expect(second.customerId).toBe(first.customerId);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
  });
});

describe('simulated card form', () => {
  it('4242 4242 4242 4242 succeeds and the event creates the project, its first check-in and its ledger entries', async () => {
    const intent = await startDeposit(
      t.app,
      owner,
      projectDraft({ title: 'Run a marathon', tag: 'Fitness' }),
    );
    const res = await confirmCard(t.app, intent);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      paymentId: intent.paymentId,
      kind: 'deposit',
      status: 'succeeded',
      failureMessage: null,
    });
    const projectId = body.projectId as string;

    const [project] = await q(`select * from projects where id = $1`, [projectId]);
    const createdAt = clock.now();
    expect(project).toMatchObject({
      user_id: owner.user.id,
      title: 'Run a marathon',
      tag: 'Fitness',
      deposit_amount: 5_000,
      refundable_amount: 5_000,
      total_length_days: 30,
      total_length_value: 30,
      total_length_unit: 'days',
      check_in_frequency_days: 7,
      check_in_frequency_value: 1,
      check_in_frequency_unit: 'weeks',
      project_status: 'active',
      project_timezone: 'America/New_York',
      payment_intent_id: intent.paymentIntentId,
      payment_customer_id: intent.customerId,
      next_checkin_date: '2026-03-08',
    });
    expect((project!.created_at as Date).toISOString()).toBe(createdAt.toISOString());
    // 30 days from March 1 in New York: the end of March 30, local time (EDT, UTC-4).
    expect((project!.end_date as Date).toISOString()).toBe('2026-03-31T03:59:59.999Z');
    expect((project!.end_date as Date).getTime()).toBe(
      endDateFor(createdAt, 30, 'America/New_York').getTime(),
    );

    const checkIns = await q(`select * from project_checkins where project_id = $1`, [projectId]);
    expect(checkIns).toHaveLength(1);
    expect(checkIns[0]).toMatchObject({
      user_id: owner.user.id,
      update_text: FIRST_CHECK_IN_TEXT,
      check_in_timezone: 'America/New_York',
      check_in_local_date: '2026-03-01',
      check_in_project_date: '2026-03-01',
    });
    expect(FIRST_CHECK_IN_TEXT).toMatch(/^Project created!/);

    const entries = await q(
      `select a.code, e.amount_cents from ledger_entries e
       join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
       where t.payment_id = $1 order by a.code`,
      [intent.paymentId],
    );
    expect(entries).toEqual([
      { code: 'card', amount_cents: -5_290 },
      { code: `pool:${projectId}`, amount_cents: 5_000 },
      { code: 'processing-fees', amount_cents: 290 },
    ]);
    const [payment] = await q(`select status, project_id, succeeded_at from payments where id = $1`, [
      intent.paymentId,
    ]);
    expect(payment).toMatchObject({ status: 'succeeded', project_id: projectId });

    const welcome = (await outbox()).filter(
      (m) => subjectOf(m) === 'Your project "Run a marathon" has started',
    );
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.to).toBe(owner.user.email);
    expect(welcome[0]!.text).toContain('check in every week for 30 days, until March 30, 2026');
    expect(welcome[0]!.text).toContain('next check-in is due March 8, 2026');
    expect(welcome[0]!.text).toContain(`http://localhost:3000/project/${projectId}`);
  });

  it('4000 0000 0000 0002 is declined: no project, the payment failed, and another card may still pay', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Declined first' }));
    const res = await confirmCard(t.app, intent, { cardNumber: TEST_CARDS.declined });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect(await q(`select id from projects where title = 'Declined first'`)).toEqual([]);
    const polled = await status(intent.paymentId, intent.clientSecret);
    expect(polled.json()).toMatchObject({
      status: 'failed',
      projectId: null,
      failureMessage: 'Your card was declined.',
    });

    const retry = await confirmCard(t.app, intent);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'succeeded', failureMessage: null });
    expect(await q(`select id from projects where title = 'Declined first'`)).toHaveLength(1);
  });

  it('4000 0000 0000 9995 has insufficient funds', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'No funds' }));
    const res = await confirmCard(t.app, intent, { cardNumber: TEST_CARDS.insufficientFunds });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'card_declined', message: 'Your card has insufficient funds.' });
    expect(await q(`select id from projects where title = 'No funds'`)).toEqual([]);
  });

  it('a number that is not a test card is declined, as in test mode', async () => {
    const intent = await startDeposit(t.app, owner);
    const res = await confirmCard(t.app, intent, { cardNumber: '4111 1111 1111 1111' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toMatch(/^Your card was declined\. This is a simulated payment/);
  });

  it('gives field messages for a number failing Luhn, a past expiry and a bad CVC, and charges nothing', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Bad fields' }));
    const cases: [Record<string, string>, string, string][] = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'Your card number is invalid.'],
      [{ cardNumber: '4242 4242 42' }, 'cardNumber', 'Your card number is incomplete.'],
      [{ expiry: '02 / 26' }, 'expiry', "Your card's expiration date is in the past."],
      [{ expiry: '13/30' }, 'expiry', "Your card's expiration month is invalid."],
      [{ expiry: '1230' }, 'expiry', "Your card's expiration date is incomplete."],
      [{ cvc: '12' }, 'cvc', "Your card's security code is invalid."],
      [{ cvc: '' }, 'cvc', "Your card's security code is incomplete."],
    ];
    for (const [card, field, message] of cases) {
      const res = await confirmCard(t.app, intent, card);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toEqual({ code: 'validation_error', message, fields: { [field]: message } });
    }
    const all = await confirmCard(t.app, intent, {
      cardNumber: '1234 5678 9012 3456',
      expiry: '01/20',
      cvc: 'abc',
    });
    expect(Object.keys(all.json().error.fields).sort()).toEqual(['cardNumber', 'cvc', 'expiry']);
    const [row] = await q(`select status from simulated_payment_intents where id = $1`, [
      intent.paymentIntentId,
    ]);
    expect(row).toEqual({ status: 'requires_payment_method' });
    expect((await status(intent.paymentId, intent.clientSecret)).json().status).toBe('requires_payment');
  });

  it('accepts this month as an expiry and the MM/YY form', async () => {
    const intent = await startDeposit(t.app, owner);
    const res = await confirmCard(t.app, intent, { expiry: '03/26' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong client secret without saying whether the payment exists', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Wrong secret' }));
    for (const attempt of [
      { paymentId: intent.paymentId, clientSecret: `${intent.paymentIntentId}_secret_guess` },
      { paymentId: crypto.randomUUID(), clientSecret: intent.clientSecret },
      { paymentId: 'not-a-uuid', clientSecret: intent.clientSecret },
    ]) {
      const res = await confirmCard(t.app, attempt);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Payment not found');
    }
    expect((await status(intent.paymentId, 'nope')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payments/${intent.paymentId}/status` })).statusCode,
    ).toBe(400);
    expect(await q(`select id from projects where title = 'Wrong secret'`)).toEqual([]);
  });

  it('creates one project however many times the same payment is confirmed, even at once', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Confirmed five times' }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirmCard(t.app, intent)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const projectIds = new Set(answers.map((a) => a.json().projectId as string));
    expect(projectIds.size).toBe(1);
    expect(await q(`select id from projects where title = 'Confirmed five times'`)).toHaveLength(1);
    const again = await confirmCard(t.app, intent);
    expect(again.json()).toMatchObject({ status: 'succeeded', projectId: [...projectIds][0] });
    const [count] = await q<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where payment_id = $1`,
      [intent.paymentId],
    );
    expect(count!.n).toBe(1);
  });

  it('never undoes a success: a declined or mistyped card afterwards still answers succeeded', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Paid, then retyped' }));
    const paid = await confirmCard(t.app, intent);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    const declined = await confirmCard(t.app, intent, { cardNumber: TEST_CARDS.declined });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'succeeded', projectId: paid.json().projectId });
    const mistyped = await confirmCard(t.app, intent, { cvc: '1' });
    expect(mistyped.statusCode).toBe(200);
    expect(mistyped.json()).toMatchObject({ status: 'succeeded', projectId: paid.json().projectId });
    const [row] = await q<{ status: string; last_error: string | null }>(
      `select s.status, s.last_error from simulated_payment_intents s join payments p on p.provider_intent_id = s.id
        where p.id = $1`,
      [intent.paymentId],
    );
    expect(row).toEqual({ status: 'succeeded', last_error: null });
    expect(await q(`select id from projects where title = 'Paid, then retyped'`)).toHaveLength(1);
  });

  it('answers the status to whoever holds the client secret', async () => {
    const { intent, projectId } = await createPaidProject(t.app, { owner });
    const res = await status(intent.paymentId, intent.clientSecret);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      paymentId: intent.paymentId,
      kind: 'deposit',
      status: 'succeeded',
      projectId,
      failureMessage: null,
    });
  });
});

describe("the project's timezone", () => {
  it("falls back to UTC, logging the spec's message, when the owner's zone cannot be used", async () => {
    const user = await createUser(t.app);
    await q(`update users set timezone = 'Mars/Olympus_Mons' where id = $1`, [user.user.id]);
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      const { projectId } = await createPaidProject(t.app, { owner: user });
      const [project] = await q(`select project_timezone, end_date from projects where id = $1`, [projectId]);
      expect(project!.project_timezone).toBe('UTC');
      expect((project!.end_date as Date).toISOString()).toBe('2026-03-30T23:59:59.999Z');
      expect(errors.mock.calls.some((call) => call[1] === 'Failed to fetch user timezone settings')).toBe(
        true,
      );
    } finally {
      errors.mockRestore();
    }
  });
});

describe('a failure between payment and project creation', () => {
  const installFailure = () =>
    q(`create or replace function inject_failure() returns trigger language plpgsql as $$
       begin raise exception 'injected failure'; end; $$;
       create trigger inject_failure before update on payments for each row
       when (new.status = 'succeeded') execute function inject_failure();`);
  const removeFailure = () => q(`drop trigger if exists inject_failure on payments`);

  it('leaves a payment to reconcile and no half-made project; reconciliation then applies it once', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Crash in the middle' }));
    await installFailure();
    let res;
    try {
      res = await confirmCard(t.app, intent);
    } finally {
      await removeFailure();
    }
    // The card was charged; our effects did not commit. The browser is told it is processing.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'processing', projectId: null });
    const [atProvider] = await q(`select status from simulated_payment_intents where id = $1`, [
      intent.paymentIntentId,
    ]);
    expect(atProvider).toEqual({ status: 'succeeded' });
    expect(await q(`select id from projects where title = 'Crash in the middle'`)).toEqual([]);
    expect(
      await q(
        `select c.id from project_checkins c join projects p on p.id = c.project_id where p.title = 'Crash in the middle'`,
      ),
    ).toEqual([]);
    expect(await q(`select id from ledger_transactions where payment_id = $1`, [intent.paymentId])).toEqual(
      [],
    );
    expect(
      await q(`select event_id from processed_events where event_id like $1`, [`%${intent.paymentId}%`]),
    ).toEqual([]);
    await assertLedgerInvariants(t.database.db);

    const fresh = await startDeposit(t.app, owner, projectDraft({ title: 'Abandoned form' }));
    const summary = await t.app.payments.reconcile({ minAgeMs: 0 });
    expect(summary).toMatchObject({ applied: 1, errors: 0 });
    expect(summary.checked).toBeGreaterThanOrEqual(2);

    const polled = (await status(intent.paymentId, intent.clientSecret)).json();
    expect(polled).toMatchObject({ status: 'succeeded' });
    const [project] = await q(
      `select id, refundable_amount from projects where title = 'Crash in the middle'`,
    );
    expect(project).toEqual({ id: polled.projectId, refundable_amount: 5_000 });
    expect(await q(`select id from project_checkins where project_id = $1`, [polled.projectId])).toHaveLength(
      1,
    );
    expect((await status(fresh.paymentId, fresh.clientSecret)).json().status).toBe('requires_payment');

    expect(await t.app.payments.reconcile({ minAgeMs: 0 })).toMatchObject({ applied: 0, errors: 0 });
    expect(await q(`select id from projects where title = 'Crash in the middle'`)).toHaveLength(1);
  });

  it('leaves recent payments to their own confirm: reconciliation only looks at payments older than a minute', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Too recent' }));
    await installFailure();
    try {
      await confirmCard(t.app, intent);
    } finally {
      await removeFailure();
    }
    expect((await t.app.payments.reconcile()).applied).toBe(0);
    clock.advance(2 * 60_000);
    expect((await t.app.payments.reconcile()).applied).toBe(1);
    expect(await q(`select id from projects where title = 'Too recent'`)).toHaveLength(1);
  });
});
