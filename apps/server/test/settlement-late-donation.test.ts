// A donation whose card is confirmed after its project was settled (the intent was made before the
// end): its creator share is settled at once by the same check-ins — R' paid out to the creator, F' to
// charity — so the pool stays empty and every cent is still accounted for.
import type { ProjectDetailResponse } from '@kept/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ACCOUNTS, balanceOf } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { sentMail, walkClock } from './support/jobs.ts';
import { confirmCard, createPaidProject, requestDonation, startDonation } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let projectId: string;
let latePaymentId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app, { timezone: 'UTC' });
  // $50, 30 days, weekly, no check-in but the automatic one: t = 5, m = 4 → R = $10.00, F = $40.00.
  ({ projectId } = await createPaidProject(t.app, { owner, draft: { title: 'Late gift' } }));
});
afterAll(async () => {
  await t.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

describe('a donation that succeeds after settlement', () => {
  it('is settled at once by the same check-ins: paid out and forfeited, never left in the pool', async () => {
    await walkClock(t.app, clock, '2026-03-20T12:00:00Z', 6 * 3_600_000);
    const intent = await startDonation(t.app, projectId, { amountCents: 2_500, donorName: 'Bo' });
    latePaymentId = intent.paymentId;
    await walkClock(t.app, clock, '2026-03-31T02:00:00Z');
    expect(
      await q('select state, pool_cents, refund_cents from settlements where project_id = $1', [projectId]),
    ).toEqual([{ state: 'refunded', pool_cents: 5_000, refund_cents: 1_000 }]);
    // New donations are refused once the project has ended…
    expect((await requestDonation(t.app, projectId, { amountCents: 1_000 })).statusCode).toBe(409);
    // …but a card confirmed now for an intent made before the end is money already taken.
    const res = await confirmCard(t.app, intent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', projectId });

    // The $20.00 share: R' = floor(2000 × 1 / 5) = $4.00 owed to the creator, F' = $16.00 to charity.
    expect(await balanceOf(t.database.db, ACCOUNTS.pool(projectId))).toBe(0);
    expect(await balanceOf(t.database.db, ACCOUNTS.payable(owner.user.id))).toBe(400);
    expect(await balanceOf(t.database.db, ACCOUNTS.charity)).toBe(4_000 + 1_600);
    expect(
      await q(
        `select state, payout_status, late_creator_cents, late_payout_cents, late_forfeit_cents
           from settlements where project_id = $1`,
        [projectId],
      ),
    ).toEqual([
      {
        state: 'payout_pending',
        payout_status: 'pending',
        late_creator_cents: 2_000,
        late_payout_cents: 400,
        late_forfeit_cents: 1_600,
      },
    ]);
    await assertLedgerInvariants(t.database.db);
    const note = (await sentMail(t)).find(
      (m) => m.to === owner.user.email && m.subjectText === 'You received a donation',
    );
    expect(note!.text).toContain(
      'Your project was already settled, so $20.00 was settled by the same check-ins: $4.00 is paid out to you and $16.00 goes to charity.',
    );
  });

  it('pays the late share out on the next run, once', async () => {
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await balanceOf(t.database.db, ACCOUNTS.payable(owner.user.id))).toBe(0);
    const keys = await q<{ key: string }>(
      `select idempotency_key as key from ledger_transactions where idempotency_key like $1 order by 1`,
      [`settlement:${projectId}:%`],
    );
    expect(keys.map((k) => k.key.slice(`settlement:${projectId}:`.length)).sort()).toEqual(
      ['forfeit', `late:${latePaymentId}`, 'payout-paid:400', 'refund'].sort(),
    );
    const detail: ProjectDetailResponse = (
      await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}` })
    ).json();
    expect(detail.settlement).toMatchObject({
      status: 'refunded',
      poolCents: 5_000,
      refundCents: 1_000,
      payout: { cents: 400, paidCents: 400, status: 'paid' },
      lateDonations: { creatorCents: 2_000, payoutCents: 400, forfeitCents: 1_600 },
    });
    expect(await q('select state from settlements where project_id = $1', [projectId])).toEqual([
      { state: 'refunded' },
    ]);
    await assertLedgerInvariants(t.database.db);
  });
});
