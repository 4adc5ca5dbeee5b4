// Reconciliation is never starved: a card charged by a server that was killed before booking it is
// booked on the next run however many payment forms are left open around it, and abandoned forms
// expire (cancelled at the provider, marked canceled). A payer who pays just as their form expires
// gets their payment booked, never cancelled.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { confirmCard, projectDraft, startDeposit } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const WORKER = path.resolve(import.meta.dirname, 'support/confirm-worker.ts');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function runWorker(
  env: Record<string, string>,
): Promise<{ code: number | null; signal: string | null; output: string }> {
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, [WORKER], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })));
}

/** `count` deposit forms opened and left, spread over users (each may open 100 an hour). */
async function openForms(t: TestApp, count: number, title: string) {
  const forms: { paymentId: string; clientSecret: string; paymentIntentId: string }[] = [];
  let owner: SignedIn | null = null;
  for (let i = 0; i < count; i += 1) {
    if (i % 100 === 0) owner = await createUser(t.app);
    forms.push(await startDeposit(t.app, owner!, projectDraft({ title: `${title} ${i}` })));
  }
  return forms;
}

describe('a server killed between the card charge and its booking, among hundreds of open forms', () => {
  const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-confirm-outbox-'));
  let t: TestApp;
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query(text, values)).rows as T[];
  let charged: { paymentId: string; clientSecret: string; paymentIntentId: string };
  let older: Awaited<ReturnType<typeof openForms>>;
  let newer: Awaited<ReturnType<typeof openForms>>;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    // Forms opened before the one that gets paid, then it, then more than a run used to look at,
    // each group at one instant (so the walk must order ties by id).
    older = await openForms(t, 60, 'Older form');
    clock.advance(MINUTE);
    const payer = await createUser(t.app);
    charged = await startDeposit(t.app, payer, projectDraft({ title: 'Paid, then the server died' }));
    clock.advance(MINUTE);
    newer = await openForms(t, 220, 'Newer form');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('dies after the processor charged the card: the money is taken and nothing is booked', async () => {
    const run = await runWorker({
      KEPT_WORKER_DB_URL: t.database.url,
      KEPT_WORKER_NOW: clock.now().toISOString(),
      KEPT_WORKER_OUTBOX: outbox,
      KEPT_WORKER_PAYMENT_ID: charged.paymentId,
      KEPT_WORKER_CLIENT_SECRET: charged.clientSecret,
      KEPT_WORKER_CRASH: 'after-charge',
    });
    expect(run.signal, run.output).toBe('SIGKILL');
    expect(run.output).toContain('crashing after the charge');
    expect(run.output).not.toContain('finished');

    const [intent] = await q(`select status from simulated_payment_intents where id = $1`, [
      charged.paymentIntentId,
    ]);
    expect(intent).toEqual({ status: 'succeeded' });
    const [payment] = await q(`select status, project_id from payments where id = $1`, [charged.paymentId]);
    expect(payment).toEqual({ status: 'requires_payment', project_id: null });
    expect(await q(`select id from projects where title = 'Paid, then the server died'`)).toEqual([]);
  });

  it('books the charged payment on the next run, days later, and expires every abandoned form', async () => {
    clock.advance(4 * 24 * HOUR);
    const summary = await t.app.payments.reconcile();
    expect(summary).toEqual({ checked: 281, applied: 1, expired: 280, errors: 0 });

    const [payment] = await q<{ status: string; project_id: string | null }>(
      `select status, project_id from payments where id = $1`,
      [charged.paymentId],
    );
    expect(payment!.status).toBe('succeeded');
    const projects = await q<{ id: string }>(
      `select id from projects where title = 'Paid, then the server died'`,
    );
    expect(projects).toEqual([{ id: payment!.project_id }]);
    await assertLedgerInvariants(t.database.db);

    // Every abandoned form is cancelled at the processor and marked, ours and theirs alike.
    const abandoned = [...older, ...newer];
    const ours = await q<{ status: string; n: number }>(
      `select status, count(*)::int as n from payments where id = any($1::uuid[]) group by status`,
      [abandoned.map((f) => f.paymentId)],
    );
    expect(ours).toEqual([{ status: 'canceled', n: 280 }]);
    const theirs = await q<{ status: string; n: number }>(
      `select status, count(*)::int as n from simulated_payment_intents where id = any($1) group by status`,
      [abandoned.map((f) => f.paymentIntentId)],
    );
    expect(theirs).toEqual([{ status: 'canceled', n: 280 }]);

    // Nothing is left open, so the next run has nothing to look at.
    expect(await t.app.payments.reconcile()).toEqual({ checked: 0, applied: 0, expired: 0, errors: 0 });
  });

  it('refuses to charge an expired form, and its status says it expired', async () => {
    const form = newer[0]!;
    const res = await confirmCard(t.app, form);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'payment_expired', message: 'This payment has expired. Please start again.' },
    });
    const [intent] = await q(`select status from simulated_payment_intents where id = $1`, [
      form.paymentIntentId,
    ]);
    expect(intent).toEqual({ status: 'canceled' });
    expect(await q(`select id from projects where title = 'Newer form 0'`)).toEqual([]);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${form.paymentId}/status?clientSecret=${encodeURIComponent(form.clientSecret)}`,
    });
    expect(status.json()).toMatchObject({ status: 'canceled' });
  });
});

describe('expiry with Stripe', () => {
  const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
  let stripe: FakeStripe;
  let t: TestApp;
  let owner: SignedIn;
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query(text, values)).rows as T[];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ env: stripe.env, clock });
    owner = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('keeps a form open for a day, then cancels the intent at Stripe and marks the payment', async () => {
    const form = await startDeposit(t.app, owner, projectDraft({ title: 'Left open' }));
    clock.advance(23 * HOUR);
    expect(await t.app.payments.reconcile()).toEqual({ checked: 1, applied: 0, expired: 0, errors: 0 });
    expect(stripe.intents.get(form.paymentIntentId)!.status).toBe('requires_payment_method');

    clock.advance(2 * HOUR);
    expect(await t.app.payments.reconcile()).toEqual({ checked: 1, applied: 0, expired: 1, errors: 0 });
    expect(stripe.intents.get(form.paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect(
      stripe.requests.filter((r) => r.path === `/v1/payment_intents/${form.paymentIntentId}/cancel`),
    ).toHaveLength(1);
    const [payment] = await q(`select status from payments where id = $1`, [form.paymentId]);
    expect(payment).toEqual({ status: 'canceled' });
  });

  it('expires a payment whose intent never reached its row, without asking Stripe', async () => {
    // A crash between storing our row and Stripe's answer: no client secret ever left the server.
    const [row] = await q<{ id: string }>(
      `insert into payments (provider, kind, idempotency_key, status, amount_cents, user_id, created_at, updated_at)
       values ('stripe', 'deposit', 'deposit:lost-answer', 'requires_payment', 2170, $1, $2, $2) returning id`,
      [owner.user.id, clock.now()],
    );
    clock.advance(25 * HOUR);
    const before = stripe.requests.length;
    expect(await t.app.payments.reconcile()).toEqual({ checked: 1, applied: 0, expired: 1, errors: 0 });
    expect(stripe.requests.length).toBe(before);
    expect(await q(`select status from payments where id = $1`, [row!.id])).toEqual([{ status: 'canceled' }]);
  });

  it('books, never cancels, a payment the payer completes just as it expires', async () => {
    const form = await startDeposit(t.app, owner, projectDraft({ title: 'Paid at the last moment' }));
    clock.advance(25 * HOUR);
    // Between reconciliation's look at the intent and its cancel, the payer pays: Stripe refuses the cancel.
    stripe.beforeNextCancel((intentId) => stripe.succeed(intentId));
    expect(await t.app.payments.reconcile()).toEqual({ checked: 1, applied: 1, expired: 0, errors: 0 });

    expect(stripe.intents.get(form.paymentIntentId)!.status).toBe('succeeded');
    const [payment] = await q<{ status: string; project_id: string }>(
      `select status, project_id from payments where id = $1`,
      [form.paymentId],
    );
    expect(payment!.status).toBe('succeeded');
    expect(await q(`select id from projects where title = 'Paid at the last moment'`)).toEqual([
      { id: payment!.project_id },
    ]);
    await assertLedgerInvariants(t.database.db);
  });
});
