// Under overload a card is charged only while its request is young enough for the charge's record to
// follow within the second (decision 046): an older confirm is answered 503 with Retry-After, charges
// nothing, writes nothing, and holds none of the form's card attempts; the payer's retry goes through.
// After the charge, the record is made on connections of its own, so that every other connection busy
// does not hold it up; its own connections busy are waited out a few times before the payment is left
// to reconciliation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from 'pg';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { simulatedPaymentService } from './support/payment-service.ts';
import { GOOD_CVC, GOOD_EXPIRY, TEST_CARDS, createPaidProject } from './support/projects.ts';
import { dataFingerprint } from './support/security.ts';

/** Long beside a confirm's own work on a busy test machine, so that only the held lock makes one late. */
const DEADLINE_MS = 300;
const IP = '10.46.0.1';

/** A donation form for `projectId`, started through the app. */
async function donationForm(t: TestApp, projectId: string, amountCents: number) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/donations/intent',
    remoteAddress: IP,
    payload: { projectId, amountCents },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  return intent.json() as { paymentId: string; clientSecret: string };
}

describe('the charge deadline', () => {
  let t: TestApp;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { CHARGE_DEADLINE_MS: String(DEADLINE_MS) } });
    projectId = (await createPaidProject(t.app)).projectId;
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.database.db);
    await t.close();
  });

  const confirm = (f: { paymentId: string; clientSecret: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      remoteAddress: IP,
      payload: { ...f, cardNumber: TEST_CARDS.success, expiry: GOOD_EXPIRY, cvc: GOOD_CVC },
    });

  /** Backends of this database waiting for a lock. */
  const lockWaiters = async () =>
    (
      await t.database.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )
    ).rows[0]!.n;

  it('answers a confirm that waited past the deadline with 503 and Retry-After, charging nothing', async () => {
    const f = await donationForm(t, projectId, 700);
    const before = await dataFingerprint(t.database.pool);

    // Hold the row of the confirm's first rate limit, so that the confirm waits before it charges.
    const holder = await t.database.pool.connect();
    let late;
    try {
      await holder.query('begin');
      await holder.query(
        `insert into rate_limits (key, count, window_start) values ($1, 0, now())
           on conflict (key) do update set count = rate_limits.count`,
        [`payments:confirm:ip:${IP}`],
      );
      const pending = confirm(f);
      while ((await lockWaiters()) === 0) await new Promise((resolve) => setImmediate(resolve));
      // The confirm is waiting: keep it waiting past the deadline.
      await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS + 50));
      await holder.query('commit');
      late = await pending;
    } finally {
      holder.release();
    }

    expect(late.statusCode, late.body).toBe(503);
    expect(late.json().error.code).toBe('service_unavailable');
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
    expect(await dataFingerprint(t.database.pool)).toEqual(before);
    // The form's card attempt it reserved is given back.
    const failures = await t.database.pool.query<{ count: number }>(
      'select count from rate_limits where key = $1',
      [`payments:card-failures:form:${f.paymentId}`],
    );
    expect(failures.rows.map((row) => row.count)).toEqual([0]);

    // Retried in time, the same card goes through once.
    const retry = await confirm(f);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'succeeded' });
  });
});

describe("the charge's record", () => {
  let t: TestApp;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp();
    projectId = (await createPaidProject(t.app)).projectId;
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.database.db);
    await t.close();
  });

  /** A card confirmed through the payment service on `database`; `afterCharge` runs right after the charge. */
  async function confirmOutsideTheApp(
    database: Database,
    f: { paymentId: string; clientSecret: string },
    afterCharge: () => Promise<void>,
  ) {
    const service = simulatedPaymentService(database, {
      clock: { now: () => new Date() },
      log: { info: () => {}, warn: () => {}, error: () => {} },
      afterCharge,
    });
    const payment = await service.authorize(f.paymentId, f.clientSecret);
    return service.confirmSimulated({
      payment,
      clientSecret: f.clientSecret,
      card: { cardNumber: TEST_CARDS.success, expiry: GOOD_EXPIRY, cvc: GOOD_CVC },
    });
  }

  const donationsOf = async (paymentId: string) =>
    (
      await t.database.pool.query<{ n: number }>(
        'select count(*)::int as n from donations where payment_id = $1',
        [paymentId],
      )
    ).rows[0]!.n;

  it('is made on connections of its own: every other connection busy, the donation is booked at once', async () => {
    const f = await donationForm(t, projectId, 800);
    // One connection for everything, given up on after 100 ms of waiting; right after the charge,
    // someone else takes it and holds it until the confirmation has answered.
    const waitMs = 100;
    const tiny = connectDatabase(t.database.url, 1, waitMs, 0, 1);
    let held: PoolClient | undefined;
    try {
      const status = await confirmOutsideTheApp(tiny, f, async () => {
        held = await tiny.pool.connect();
      });
      expect(held).toBeDefined();
      expect(tiny.pool.idleCount).toBe(0);
      expect(status).toMatchObject({ status: 'succeeded' });
      expect(await donationsOf(f.paymentId)).toBe(1);
    } finally {
      held?.release();
      await tiny.close();
    }
  });

  it('waits out its own connections all busy for a moment, and books the donation at once', async () => {
    const f = await donationForm(t, projectId, 900);
    // The record's one connection, given up on after 100 ms of waiting; right after the charge,
    // someone else holds it for a little longer than one wait.
    const waitMs = 100;
    const tiny = connectDatabase(t.database.url, 1, waitMs, 0, 1);
    let heldFor = 0;
    try {
      const status = await confirmOutsideTheApp(tiny, f, async () => {
        const held = await tiny.payments.pool.connect();
        const since = performance.now();
        setTimeout(() => {
          heldFor = performance.now() - since;
          held.release();
        }, waitMs * 1.5);
      });
      // The connection was busy past one wait, and the donation is booked all the same.
      expect(heldFor).toBeGreaterThan(waitMs);
      expect(status).toMatchObject({ status: 'succeeded' });
      expect(await donationsOf(f.paymentId)).toBe(1);
    } finally {
      await tiny.close();
    }
  });
});
