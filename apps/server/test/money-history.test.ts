// The signed-in person's money history and receipts (issue 22): every charge, refund, payout and
// donation with its state and the provider's reference; a receipt per payment, for the payer only.
import type { MoneyHistoryResponse, ReceiptResponse } from '@kept/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { readOutbox } from './support/mail.ts';
import { subjectOf } from './support/mime.ts';
import { walkClock } from './support/jobs.ts';
import {
  createPaidProject,
  donate,
  startDeposit,
  projectDraft,
  type PaidProject,
} from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const DAY = 86_400_000;
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let mine: PaidProject;
let theirs: PaidProject;
let me: SignedIn;
let fan: SignedIn;
let donationToTheirs: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  me = await createUser(t.app);
  fan = await createUser(t.app);
  mine = await createPaidProject(t.app, {
    owner: me,
    draft: {
      title: 'Run a marathon',
      depositCents: 5_000,
      lengthValue: 30,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'weeks',
    },
  });
  theirs = await createPaidProject(t.app, { draft: { title: 'Learn the cello' } });
  clock.advance(60_000);
  donationToTheirs = await donate(t.app, theirs.projectId, { amountCents: 2_500, donor: me });
  clock.advance(60_000);
  await donate(t.app, mine.projectId, {
    amountCents: 1_000,
    donor: fan,
    donorName: 'Ada',
    donorAnonymous: false,
  });
});
afterAll(async () => {
  await t.close();
});

const history = async (user: SignedIn): Promise<MoneyHistoryResponse> => {
  const res = await t.app.inject({ url: '/api/me/money', headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const receipt = (user: SignedIn | null, paymentId: string) =>
  t.app.inject({ url: `/api/me/receipts/${paymentId}`, headers: user ? { cookie: user.cookie } : {} });

describe('money history', () => {
  it('lists my deposit, my donation and a donation to my project, newest first, with states and references', async () => {
    const { entries, truncated } = await history(me);
    expect(truncated).toBe(false);
    expect(entries.map((e) => [e.kind, e.direction, e.amountCents, e.stateText])).toEqual([
      ['donation_received', 'in', 800, 'Received'],
      ['donation_made', 'out', 2_500, 'Paid'],
      ['deposit', 'out', 5_290, 'Paid'],
    ]);
    const [received, made, deposit] = entries;
    expect(received!.detail).toBe("$10.00 from Ada: $8.00 to your project's refundable total");
    expect(received!.receiptId).toBeNull();
    expect(made!).toMatchObject({
      project: { id: theirs.projectId, title: 'Learn the cello' },
      detail: 'Donation: $20.00 to the project, $5.00 to Kept',
      receiptId: donationToTheirs,
    });
    expect(made!.reference).toMatch(/^sim_pi_|^pi_/);
    expect(deposit!).toMatchObject({
      project: { id: mine.projectId, title: 'Run a marathon' },
      detail: 'Deposit $50.00 + fee $2.90 (the fee is not refundable)',
      receiptId: mine.paymentId,
      reference: mine.intent.paymentIntentId,
    });
  });

  it("never shows someone else's money, nor forms nobody paid", async () => {
    await startDeposit(t.app, me, projectDraft({ title: 'Never paid' }));
    const { entries } = await history(me);
    expect(JSON.stringify(entries)).not.toContain('Never paid');
    const theirHistory = await history(fan);
    expect(theirHistory.entries.map((e) => e.kind)).toEqual(['donation_made']);
    const visitor = await t.app.inject({ url: '/api/me/money' });
    expect(visitor.statusCode).toBe(401);
  });

  it('adds the card refund once the project ends early, with its state and the refund reference', async () => {
    await walkClock(t.app, clock, new Date('2026-03-09T13:00:00Z'), DAY);
    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${mine.projectId}/end`,
      headers: { cookie: me.cookie },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    await t.app.jobs.runDue();
    const { entries } = await history(me);
    const refund = entries.find((e) => e.kind === 'refund');
    // Pool = 5000 + 800; period 0 kept, periods 1..4 missed → R = floor(5800 × 1/5) = 1160, all to the card.
    expect(refund).toMatchObject({
      direction: 'in',
      amountCents: 1_160,
      state: 'refunded',
      stateText: 'Refunded',
      project: { id: mine.projectId },
      detail: 'Deposit refunded to your card: 1 of 5 check-ins kept, $46.40 to charity',
    });
    expect(refund!.reference).toBeTruthy();
    expect(entries.some((e) => e.kind === 'payout')).toBe(false);
    await assertLedgerInvariants(t.database.db);
  });
});

describe('receipts', () => {
  it("a deposit's receipt: the deposit and the non-refundable fee, the terms agreed to, the refund", async () => {
    const res = await receipt(me, mine.paymentId);
    expect(res.statusCode, res.body).toBe(200);
    const body: ReceiptResponse = res.json();
    expect(body).toMatchObject({
      kind: 'deposit',
      stateText: 'Paid',
      amountCents: 5_290,
      reference: mine.intent.paymentIntentId,
      payer: { email: expect.stringContaining('@') },
      project: { id: mine.projectId, title: 'Run a marathon' },
      lines: [
        { label: 'Deposit', amountCents: 5_000 },
        { label: 'Fee (4% + $0.90, not refundable)', amountCents: 290 },
      ],
      terms: { version: expect.any(String) },
      refunds: [{ amountCents: 1_160, state: 'refunded' }],
    });
    expect(body.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(body.amountCents);
    expect(body.notes).toContain('Card refunds take 5–10 business days to appear on your statement.');
  });

  it("a donation's receipt: the split, not tax-deductible, not refundable", async () => {
    const body: ReceiptResponse = (await receipt(me, donationToTheirs)).json();
    expect(body.lines).toEqual([
      { label: "To the project's refundable total (80%)", amountCents: 2_000 },
      { label: 'To Kept', amountCents: 500 },
    ]);
    expect(body.notes).toContain('A donation is not tax-deductible and not refundable.');
    expect(body.terms).toBeNull();
  });

  it("is the payer's alone: 401 signed out, 404 for anyone else's or an unknown id", async () => {
    expect((await receipt(null, mine.paymentId)).statusCode).toBe(401);
    for (const [user, id] of [
      [fan, mine.paymentId],
      [me, theirs.paymentId],
      [me, crypto.randomUUID()],
      [me, 'not-a-uuid'],
    ] as const) {
      const res = await receipt(user, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found', message: 'Receipt not found' });
    }
  });
});

describe('emails about money', () => {
  it('link to the money history: the welcome, the donation note and the settlement', async () => {
    await t.app.jobs.drain();
    const mails = (await readOutbox(t.config.mail.outboxDir)).filter((m) => m.to === me.user.email);
    const money = `${t.config.baseUrl}/money`;
    for (const subject of [/has started/, /You received a donation/, /is settled/]) {
      const mail = mails.find((m) => subject.test(subjectOf(m)));
      expect(mail, String(subject)).toBeDefined();
      expect(mail!.text.replace(/\s+/g, ' ')).toContain(
        `Every charge, refund and payout of yours, with a receipt for each payment: ${money}`,
      );
    }
  });
});
