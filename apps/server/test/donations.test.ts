import { DONATION_PRESETS_CENTS, donationSplit } from '@kept/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { balanceOf } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { readOutbox } from './support/mail.ts';
import { subjectOf } from './support/mime.ts';
import {
  confirmCard,
  createPaidProject,
  donate,
  requestDonation,
  startDonation,
  TEST_CARDS,
  type PaidProject,
} from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let project: PaidProject;
let visitor: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ clock });
  project = await createPaidProject(t.app, { draft: { title: 'Paint the fence' } });
  visitor = await createUser(t.app);
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const refundable = async (projectId: string) =>
  (
    await q<{ refundable_amount: number }>(`select refundable_amount from projects where id = $1`, [
      projectId,
    ])
  )[0]!.refundable_amount;
const outbox = async () => {
  await t.app.jobs.drain();
  return readOutbox(t.config.mail.outboxDir);
};

describe('starting a donation', () => {
  it('checks the amount and the email with the spec messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amountCents: 49 }, 'amountCents', 'Amount must be at least $0.50'],
      [{ amountCents: 0 }, 'amountCents', 'Amount must be at least $0.50'],
      [{ amountCents: -500 }, 'amountCents', 'Amount must be at least $0.50'],
      [{ amountCents: 12.5 }, 'amountCents', 'Amount must be at least $0.50'],
      [{}, 'amountCents', 'Amount must be at least $0.50'],
      [{ amountCents: 500, donorEmail: 'not-an-email' }, 'donorEmail', 'Please enter a valid email address'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/donations/intent',
        payload: { projectId: project.projectId, ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
  });

  it('lets anyone donate, signed in or not, and carries the real amount and the spec metadata', async () => {
    const anonymous = await startDonation(t.app, project.projectId, { amountCents: 2_500 });
    expect(anonymous).toMatchObject({ provider: 'simulated', amountCents: 2_500, currency: 'usd' });
    const signedIn = await startDonation(t.app, project.projectId, {
      amountCents: 1_234,
      donor: visitor,
      donorName: '  Grace Hopper ',
      donorEmail: ' Grace@Example.com ',
      donorAnonymous: false,
    });

    const [first] = await q<{ amount_cents: number; metadata: Record<string, string> }>(
      `select amount_cents, metadata from simulated_payment_intents where id = $1`,
      [anonymous.paymentIntentId],
    );
    expect(first!.amount_cents).toBe(2_500);
    expect(first!.metadata).toMatchObject({
      projectId: project.projectId,
      donorName: '',
      donorEmail: '',
      donorAnonymous: 'true',
      kind: 'donation',
      paymentId: anonymous.paymentId,
    });
    expect(first!.metadata.donationId).toMatch(/^[0-9a-f-]{36}$/);
    const [second] = await q<{ amount_cents: number; metadata: Record<string, string> }>(
      `select amount_cents, metadata from simulated_payment_intents where id = $1`,
      [signedIn.paymentIntentId],
    );
    expect(second!.amount_cents).toBe(1_234);
    expect(second!.metadata).toMatchObject({
      donorName: 'Grace Hopper',
      donorEmail: 'grace@example.com',
      donorAnonymous: 'false',
    });
    expect(second!.metadata.donationId).not.toBe(first!.metadata.donationId);
    const [row] = await q(`select user_id, project_id from payments where id = $1`, [signedIn.paymentId]);
    expect(row).toEqual({ user_id: visitor.user.id, project_id: project.projectId });
  });

  it('refuses the owner, unknown or deleted projects, and ended projects', async () => {
    const own = await requestDonation(t.app, project.projectId, { amountCents: 500, donor: project.owner });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot donate to your own project.');

    for (const projectId of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await requestDonation(t.app, projectId, { amountCents: 500 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Project not found');
    }

    const deleted = await createPaidProject(t.app);
    await q(`update projects set deleted_at = now() where id = $1`, [deleted.projectId]);
    expect((await requestDonation(t.app, deleted.projectId, { amountCents: 500 })).statusCode).toBe(404);

    const short = await createPaidProject(t.app, {
      draft: { lengthValue: 2, frequencyValue: 1, frequencyUnit: 'days' },
    });
    expect((await requestDonation(t.app, short.projectId, { amountCents: 500 })).statusCode).toBe(200);
    const before = clock.now();
    clock.advance(3 * 24 * 3_600_000);
    try {
      const ended = await requestDonation(t.app, short.projectId, { amountCents: 500 });
      expect(ended.statusCode).toBe(409);
      expect(ended.json().error.message).toBe('This project has ended and no longer accepts donations.');
    } finally {
      clock.set(before);
    }
  });
});

describe('the client address limits', () => {
  /** Fills `key`'s window as if `max` attempts had just been counted. */
  const fill = (key: string, max: number) =>
    q(
      `insert into rate_limits (key, count, window_start) values ($1, $2, $3)
       on conflict (key) do update set count = excluded.count, window_start = excluded.window_start`,
      [key, max, clock.now()],
    );

  it("refuse an address's 301st donation in an hour with 429, whatever the project, and count nothing else", async () => {
    const ip = '10.77.0.1';
    await fill(`payments:donation:ip:${ip}`, 300);
    const payments = async () => (await q<{ n: number }>('select count(*)::int as n from payments'))[0]!.n;
    const before = await payments();
    for (const projectId of [project.projectId, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/donations/intent',
        remoteAddress: ip,
        payload: { projectId, amountCents: 500 },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
    }
    expect(await payments()).toBe(before);
  });

  it("refuse an address's 301st confirmation in an hour with 429, before the client secret is judged", async () => {
    const intent = await startDonation(t.app, project.projectId, { amountCents: 500 });
    const ip = '10.77.0.2';
    await fill(`payments:confirm:ip:${ip}`, 300);
    for (const clientSecret of [intent.clientSecret, 'not-the-secret']) {
      const res = await confirmCard(t.app, { ...intent, clientSecret }, {}, ip);
      expect(res.statusCode).toBe(429);
    }
    // The payment's own attempts were not counted: only the holder of its secret counts against them.
    const [row] = await q('select count(*)::int as n from rate_limits where key = $1', [
      `payments:confirm:payment:${intent.paymentId}`,
    ]);
    expect(row).toEqual({ n: 0 });
    expect((await confirmCard(t.app, intent)).statusCode).toBe(200);
  });
});

describe('a succeeded donation', () => {
  it('credits 80% to the pool and 20% to the platform, for every preset and a custom amount', async () => {
    const target = await createPaidProject(t.app);
    let expected = 5_000;
    for (const amountCents of [...DONATION_PRESETS_CENTS, 50, 1_234, 99_999]) {
      const paymentId = await donate(t.app, target.projectId, { amountCents });
      const { creatorCents, platformCents } = donationSplit(amountCents);
      expected += creatorCents;
      const [donation] = await q(
        `select amount_cents, creator_share_cents, platform_share_cents, donor_anonymous from donations where payment_id = $1`,
        [paymentId],
      );
      expect(donation).toEqual({
        amount_cents: amountCents,
        creator_share_cents: creatorCents,
        platform_share_cents: platformCents,
        donor_anonymous: true,
      });
      const entries = await q(
        `select a.code, e.amount_cents from ledger_entries e join ledger_accounts a on a.id = e.account_id
         join ledger_transactions t on t.id = e.transaction_id where t.payment_id = $1 order by a.code`,
        [paymentId],
      );
      expect(entries).toEqual([
        { code: 'card', amount_cents: -amountCents },
        { code: 'platform-fees', amount_cents: platformCents },
        { code: `pool:${target.projectId}`, amount_cents: creatorCents },
      ]);
      expect(await refundable(target.projectId)).toBe(expected);
    }
    // 80% of 1,234¢ is 987.2¢: the creator gets 987, the platform 247.
    expect(donationSplit(1_234)).toEqual({ creatorCents: 987, platformCents: 247 });
  });

  it('records the donor as given and answers the status with the project', async () => {
    const intent = await startDonation(t.app, project.projectId, {
      amountCents: 2_500,
      donorName: 'Ada',
      donorEmail: 'ada@example.com',
      donorAnonymous: false,
    });
    const res = await confirmCard(t.app, intent);
    expect(res.json()).toMatchObject({ kind: 'donation', status: 'succeeded', projectId: project.projectId });
    const [donation] = await q(
      `select id, donor_name, donor_email, donor_anonymous from donations where payment_id = $1`,
      [intent.paymentId],
    );
    const [payment] = await q<{ metadata: { donationId: string } }>(
      `select metadata from payments where id = $1`,
      [intent.paymentId],
    );
    expect(donation).toEqual({
      id: payment!.metadata.donationId,
      donor_name: 'Ada',
      donor_email: 'ada@example.com',
      donor_anonymous: false,
    });
  });

  it('is not credited when declined', async () => {
    const before = await refundable(project.projectId);
    const intent = await startDonation(t.app, project.projectId, { amountCents: 2_500 });
    const res = await confirmCard(t.app, intent, { cardNumber: TEST_CARDS.declined });
    expect(res.statusCode).toBe(402);
    expect(await refundable(project.projectId)).toBe(before);
    expect(await q(`select id from donations where payment_id = $1`, [intent.paymentId])).toEqual([]);
  });

  it('sends the donor a receipt and the owner a note; an anonymous donor stays anonymous', async () => {
    const seen = (await outbox()).length;
    await donate(t.app, project.projectId, {
      amountCents: 2_500,
      donorName: 'Secret Sam',
      donorEmail: 'sam@example.com',
    });
    await donate(t.app, project.projectId, {
      amountCents: 1_000,
      donorName: 'Open Olga',
      donorAnonymous: false,
    });
    const mails = (await outbox()).slice(seen);
    const receipts = mails.filter((m) => subjectOf(m) === 'Thank you for supporting Paint the fence');
    expect(receipts.map((m) => m.to)).toEqual(['sam@example.com']);
    expect(receipts[0]!.text).toContain('You donated $25.00 to "Paint the fence"');
    expect(receipts[0]!.text).toContain('$20.00 (80%)');

    const notes = mails.filter((m) => subjectOf(m) === 'You received a donation');
    expect(notes.map((m) => m.to)).toEqual([project.owner.user.email, project.owner.user.email]);
    expect(notes[0]!.text).toContain('An anonymous supporter donated $25.00');
    expect(notes[0]!.text).not.toContain('Secret Sam');
    expect(notes[0]!.text).not.toContain('sam@example.com');
    expect(notes[1]!.text).toContain('Open Olga donated $10.00');
  });
});

describe('many donations at once', () => {
  it('50 concurrent donations to one project leave its pool equal to the deposit plus the exact creator shares', async () => {
    const target = await createPaidProject(t.app, { draft: { depositCents: 2_000 } });
    const amounts = Array.from({ length: 50 }, (_, i) => 50 + i * 137);
    const intents = await Promise.all(
      amounts.map((amountCents) => startDonation(t.app, target.projectId, { amountCents })),
    );
    // Fifty donors, each from their own address: one visitor's card tries in flight are bounded
    // (decision 004), and these are not one visitor.
    const answers = await Promise.all(
      intents.map((intent, i) => confirmCard(t.app, intent, {}, `10.0.7.${i + 1}`)),
    );
    expect(answers.filter((a) => a.statusCode === 200 && a.json().status === 'succeeded')).toHaveLength(50);

    const expected = 2_000 + amounts.reduce((sum, a) => sum + donationSplit(a).creatorCents, 0);
    expect(await refundable(target.projectId)).toBe(expected);
    expect(await balanceOf(t.database.db, `pool:${target.projectId}`)).toBe(expected);
    const [count] = await q<{ n: number }>(`select count(*)::int as n from donations where project_id = $1`, [
      target.projectId,
    ]);
    expect(count!.n).toBe(50);
  });
});
