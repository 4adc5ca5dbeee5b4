// Pauses, cancelling within 24 hours and ending early, through the API and the settle job, with the
// ledger's figures (issue 22, RULES.md "Pauses", "Cancelling and ending early").
import type { EndingPreviewResponse, EndingResponse } from '@kept/contract';
import { CONSENT_MESSAGE, ENDING_MESSAGES, PAUSE_MESSAGES, TERMS_VERSION } from '@kept/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ACCOUNTS, balanceOf } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { DAY, HOUR, walkClock } from './support/jobs.ts';
import { createPaidProject, donate, projectDraft, requestDonation } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

// RULES.md's example: 30 days, every 7 → check-in dates 03-01, 03-08, 03-15, 03-22, 03-29 (t = 5, budget 1).
const draft = {
  depositCents: 5_000,
  lengthValue: 30,
  lengthUnit: 'days',
  frequencyValue: 1,
  frequencyUnit: 'weeks',
} as const;

const as = (user: SignedIn | null) => (user ? { cookie: user.cookie } : {});
const pause = (user: SignedIn | null, projectId: string, period: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/pauses`,
    headers: as(user),
    payload: { period },
  });
const lift = (user: SignedIn | null, projectId: string, period: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/pauses/${period}`, headers: as(user) });
const checkIn = (user: SignedIn, projectId: string, text: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/check-ins`,
    headers: as(user),
    payload: { updateText: text },
  });
const ending = async (user: SignedIn, projectId: string): Promise<EndingPreviewResponse> => {
  const res = await t.app.inject({ url: `/api/projects/${projectId}/ending`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stop = (user: SignedIn | null, projectId: string, how: 'cancel' | 'end') =>
  t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/${how}`, headers: as(user) });
const startDepositRaw = (user: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/payments/deposit-intent', headers: as(user), payload });
const settlement = async (projectId: string) =>
  (
    await t.database.pool.query(
      'select total_checkins, missed_checkins, refund_cents, forfeit_cents, refund_to_card_cents, payout_cents, refund_status from settlements where project_id = $1',
      [projectId],
    )
  ).rows[0] as Record<string, unknown> | undefined;

describe('the commitment agreed to before paying', () => {
  it('is required: a deposit without it is refused and nothing is stored', async () => {
    const owner = await createUser(t.app);
    const { agreedToTerms: _agreed, ...withoutConsent } = projectDraft();
    const before = (await t.database.pool.query('select count(*)::int as n from payments')).rows[0].n;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/deposit-intent',
      headers: as(owner),
      payload: withoutConsent,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ agreedToTerms: CONSENT_MESSAGE });
    const stale = await startDepositRaw(owner, { ...projectDraft(), agreedToTerms: '2020-01-01' });
    expect(stale.statusCode).toBe(400);
    expect((await t.database.pool.query('select count(*)::int as n from payments')).rows[0].n).toBe(before);
  });

  it('is stored with the payment (version, time, address, browser), and forfeits go to the chosen charity', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const { projectId, paymentId } = await createPaidProject(t.app, {
      draft: { ...draft, charityId: 'wikimedia' },
    });
    const { rows } = await t.database.pool.query(
      'select terms_version, terms_agreed_at, terms_ip, terms_user_agent from payments where id = $1',
      [paymentId],
    );
    expect(rows[0]).toMatchObject({
      terms_version: TERMS_VERSION,
      terms_agreed_at: new Date('2026-03-01T12:00:00Z'),
    });
    expect(rows[0].terms_ip).toEqual(expect.any(String));
    const page = await t.app.inject({ url: `/api/projects/${projectId}` });
    expect(page.json().commitment.charity).toMatchObject({ id: 'wikimedia', name: 'Wikimedia Foundation' });
    // No check-in after the automatic one: R = floor(5000 / 5), F = 4000 to Wikimedia.
    await walkClock(t.app, clock, new Date('2026-04-02T12:00:00Z'), DAY);
    expect(await balanceOf(t.database.db, ACCOUNTS.charityOf('wikimedia'))).toBe(4_000);
    await assertLedgerInvariants(t.database.db);
  });
});

describe('pauses', () => {
  it('the owner pauses a later period within the budget, and only the owner', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const { projectId, owner } = await createPaidProject(t.app, { draft });
    const other = await createUser(t.app);
    expect((await pause(null, projectId, 3)).statusCode).toBe(401);
    expect((await pause(other, projectId, 3)).statusCode).toBe(403);
    const first = await pause(owner, projectId, 3);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ pausedPeriods: [3] });
    const page = await t.app.inject({ url: `/api/projects/${projectId}` });
    expect(page.json().commitment).toMatchObject({ pausedPeriods: [3], charity: { id: 'kept-fund' } });
    expect(page.json().project.summary.totalCheckIns).toBe(4);
    const second = await pause(owner, projectId, 2);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'pause_not_allowed',
      message: PAUSE_MESSAGES.budgetUsed(1),
    });
    expect((await pause(owner, projectId, 0)).json().error.code).toBe('validation_error');
    // Lifting before the period starts frees the budget; lifting twice is refused.
    expect((await lift(owner, projectId, 3)).json()).toEqual({ pausedPeriods: [] });
    expect((await lift(owner, projectId, 3)).json().error.message).toBe(PAUSE_MESSAGES.notPaused);
    // 03-08 is less than 2 days away on 03-07.
    clock.set(new Date('2026-03-07T12:00:00Z'));
    expect((await pause(owner, projectId, 1)).json().error.message).toBe(PAUSE_MESSAGES.tooSoon);
  });

  it('counts a paused period in neither t nor m at settlement', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const { projectId, owner } = await createPaidProject(t.app, { draft });
    expect((await pause(owner, projectId, 3)).statusCode).toBe(200);
    // Check in in period 1 only: periods 2 and 4 missed, 3 paused → t' = 4, m = 2, R = 5000 × 2 / 4.
    await walkClock(t.app, clock, new Date('2026-03-09T12:00:00Z'), DAY);
    expect((await checkIn(owner, projectId, 'Week two done')).statusCode).toBe(201);
    await walkClock(t.app, clock, new Date('2026-04-02T12:00:00Z'), DAY);
    expect(await settlement(projectId)).toMatchObject({
      total_checkins: 4,
      missed_checkins: 2,
      refund_cents: 2_500,
      forfeit_cents: 2_500,
    });
    await assertLedgerInvariants(t.database.db);
  });
});

describe('ending early', () => {
  it('shows the exact amounts first, then settles at once with every unfinished period missed', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const { projectId, owner } = await createPaidProject(t.app, { draft });
    await walkClock(t.app, clock, new Date('2026-03-09T12:00:00Z'), DAY);
    expect((await checkIn(owner, projectId, 'Week two')).statusCode).toBe(201);
    const preview = await ending(owner, projectId);
    // Satisfied: periods 0 and 1 of 5 → m = 3, R = floor(5000 × 2 / 5) = 2000.
    expect(preview.end).toEqual({
      allowed: true,
      reason: null,
      refundToCardCents: 2_000,
      payoutCents: 0,
      forfeitCents: 3_000,
      feeKeptCents: 0,
    });
    expect(preview.cancel).toMatchObject({ allowed: false, reason: ENDING_MESSAGES.cancelWindow });
    const other = await createUser(t.app);
    expect((await stop(other, projectId, 'end')).statusCode).toBe(403);
    const res = await stop(owner, projectId, 'end');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EndingResponse>()).toMatchObject({
      outcome: 'ended',
      refundToCardCents: 2_000,
      forfeitCents: 3_000,
    });
    await t.app.jobs.runDue();
    expect(await settlement(projectId)).toMatchObject({
      total_checkins: 5,
      missed_checkins: 3,
      refund_to_card_cents: 2_000,
      forfeit_cents: 3_000,
      refund_status: 'refunded',
    });
    expect(await balanceOf(t.database.db, ACCOUNTS.pool(projectId))).toBe(0);
    // Ended: no second end, no check-in, no donation.
    expect((await stop(owner, projectId, 'end')).statusCode).toBe(409);
    expect((await checkIn(owner, projectId, 'late')).statusCode).toBe(409);
    const donation = await requestDonation(t.app, projectId, { amountCents: 1_000, donor: other });
    expect(donation.statusCode).toBe(409);
    await assertLedgerInvariants(t.database.db);
  });
});

describe('cancelling', () => {
  it('within 24 hours gives the deposit back, keeps the fee, and takes the project out of every list', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const { projectId, owner } = await createPaidProject(t.app, { draft });
    const feesBefore = await balanceOf(t.database.db, ACCOUNTS.processingFees);
    clock.set(new Date(clock.now().getTime() + 23 * HOUR));
    const preview = await ending(owner, projectId);
    expect(preview.cancel).toEqual({
      allowed: true,
      reason: null,
      refundToCardCents: 5_000,
      payoutCents: 0,
      forfeitCents: 0,
      feeKeptCents: 290,
    });
    const res = await stop(owner, projectId, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.runDue();
    expect(await settlement(projectId)).toMatchObject({
      refund_to_card_cents: 5_000,
      forfeit_cents: 0,
      refund_status: 'refunded',
    });
    expect(await balanceOf(t.database.db, ACCOUNTS.processingFees)).toBe(feesBefore);
    const mine = await t.app.inject({ url: '/api/me/projects', headers: as(owner) });
    expect(JSON.stringify(mine.json())).not.toContain(projectId);
    // Its own page still opens, and says it was cancelled.
    const page = await t.app.inject({ url: `/api/projects/${projectId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().commitment.cancelledAt).toBe(new Date('2026-03-02T11:00:00Z').toISOString());
    await assertLedgerInvariants(t.database.db);
  });

  it('is refused after 24 hours, after a check-in, and after a donation, changing nothing', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const late = await createPaidProject(t.app, { draft });
    const checkedIn = await createPaidProject(t.app, { draft });
    const donated = await createPaidProject(t.app, { draft });
    expect((await checkIn(checkedIn.owner, checkedIn.projectId, 'Started')).statusCode).toBe(201);
    await donate(t.app, donated.projectId, { amountCents: 1_000, donor: await createUser(t.app) });
    const expectRefused = async (p: { owner: SignedIn; projectId: string }, message: string) => {
      const res = await stop(p.owner, p.projectId, 'cancel');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'cancel_not_allowed', message });
      expect(await settlement(p.projectId)).toBeUndefined();
    };
    await expectRefused(checkedIn, ENDING_MESSAGES.cancelCheckedIn);
    await expectRefused(donated, ENDING_MESSAGES.cancelDonations);
    clock.set(new Date('2026-03-02T12:00:00Z'));
    await expectRefused(late, ENDING_MESSAGES.cancelWindow);
  });

  it('and a donation never both take effect: whichever comes first, the other is refused', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const donor = await createUser(t.app);
    // A donation form opened first: the cancel is refused while it may still be paid.
    const first = await createPaidProject(t.app, { draft });
    expect((await requestDonation(t.app, first.projectId, { amountCents: 1_000, donor })).statusCode).toBe(
      200,
    );
    expect((await stop(first.owner, first.projectId, 'cancel')).json().error.message).toBe(
      ENDING_MESSAGES.cancelDonations,
    );
    // The cancel first: the project is gone for donors.
    const second = await createPaidProject(t.app, { draft });
    expect((await stop(second.owner, second.projectId, 'cancel')).statusCode).toBe(200);
    expect((await requestDonation(t.app, second.projectId, { amountCents: 1_000, donor })).statusCode).toBe(
      404,
    );
  });

  it('and a donation form opened at the same moment: exactly one goes through, every time', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const donor = await createUser(t.app);
    const owner = await createUser(t.app);
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round += 1) {
      const { projectId } = await createPaidProject(t.app, { owner, draft });
      // Both requests are in flight together, sent in either order; which one the database serves
      // first is up to it.
      const sendCancel = () => stop(owner, projectId, 'cancel');
      const sendForm = () => requestDonation(t.app, projectId, { amountCents: 1_000, donor });
      const [cancel, form] =
        round % 2 === 0
          ? await Promise.all([sendCancel(), sendForm()])
          : await Promise.all([sendForm(), sendCancel()]).then(([f, c]) => [c, f] as const);
      const cancelled = cancel.statusCode === 200;
      const formOpened = form.statusCode === 200;
      expect(cancelled !== formOpened, `round ${round}: cancel ${cancel.body} / form ${form.body}`).toBe(
        true,
      );
      if (cancelled) expect(form.statusCode, form.body).toBe(404);
      else expect(cancel.json().error.code, cancel.body).toBe('cancel_not_allowed');
      outcomes.push(cancelled ? 'cancel' : 'form');
      // Whichever won, the books balance.
      await assertLedgerInvariants(t.database.db);
    }
    expect(outcomes).toHaveLength(12);
  });
});
