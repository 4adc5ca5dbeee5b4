// The transparency page: its totals come from the ledger and account for every cent that came in; the
// record-charity-transfer command moves forfeits out, never overdraws a charity, and is idempotent.
import type { TransparencyResponse } from '@kept/contract';
import { CHARITIES } from '@kept/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ACCOUNTS, postTransaction } from '../src/modules/ledger/ledger.ts';
import { TRANSPARENCY_TTL_MS } from '../src/modules/transparency/index.ts';
import {
  TransferRefused,
  recordCharityTransfer,
} from '../src/modules/transparency/record-charity-transfer.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { DAY, walkClock } from './support/jobs.ts';
import { createPaidProject, donate } from './support/projects.ts';
import { createUser } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

async function transparency(): Promise<TransparencyResponse> {
  // Past the shared answer's life, so each read sees the ledger as it is now.
  clock.set(new Date(clock.now().getTime() + TRANSPARENCY_TTL_MS));
  const res = await t.app.inject({ method: 'GET', url: '/api/transparency' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Everything that came in by card is somewhere: held, refunded, paid out or transferred. */
function expectEveryCentAccounted(page: TransparencyResponse) {
  const cameIn = page.depositsReceivedCents + page.processingFeesCents + page.donationsReceivedCents;
  const charitiesHeld = page.charities.reduce((sum, c) => sum + c.heldCents, 0);
  const transferred = page.transfers.reduce((sum, c) => sum + c.amountCents, 0);
  expect(
    page.heldInPoolsCents +
      page.awaitingPayoutCents +
      charitiesHeld +
      page.platformShareCents +
      page.processingFeesCents +
      page.refundedCents +
      page.paidOutCents +
      transferred,
  ).toBe(cameIn);
}

describe('the transparency totals', () => {
  it('start at zero and list every charity and the fund', async () => {
    const page = await transparency();
    expect(page.depositsReceivedCents).toBe(0);
    expect(page.charities.map((c) => c.id)).toEqual(['kept-fund', ...CHARITIES.map((c) => c.id)]);
    expect(page.transfers).toEqual([]);
  });

  it('follow a project from its deposit and a donation to its settlement', async () => {
    const owner = await createUser(t.app, { timezone: 'UTC' });
    const { projectId } = await createPaidProject(t.app, {
      owner,
      draft: {
        depositCents: 5_000,
        lengthValue: 30,
        lengthUnit: 'days',
        frequencyValue: 1,
        frequencyUnit: 'weeks',
      },
    });
    const donor = await createUser(t.app, { timezone: 'UTC' });
    await donate(t.app, projectId, { amountCents: 10_000, donor, donorName: 'Ada', donorAnonymous: false });

    const live = await transparency();
    expect(live).toMatchObject({
      depositsReceivedCents: 5_000,
      processingFeesCents: 290,
      donationsReceivedCents: 10_000,
      donationsToPoolsCents: 8_000,
      platformShareCents: 2_000,
      heldInPoolsCents: 13_000,
      refundedCents: 0,
    });
    expectEveryCentAccounted(live);

    // No check-in after the automatic one: 4 of 5 periods missed, R = floor(13000 / 5) = 2600, all to the card.
    await walkClock(t.app, clock, new Date('2026-04-10T12:00:00Z'), DAY);
    const settled = await transparency();
    expect(settled.heldInPoolsCents).toBe(0);
    expect(settled.refundedCents).toBe(2_600);
    const forfeited = settled.charities.reduce((sum, c) => sum + c.forfeitedCents, 0);
    expect(forfeited).toBe(10_400);
    expectEveryCentAccounted(settled);
    await assertLedgerInvariants(t.database.db);
  });
});

describe('recording a transfer to a charity', () => {
  it('moves the amount out of the charity, lists it with its reference, and happens once', async () => {
    // Forfeits held for one chosen charity.
    await t.database.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'settlement_forfeit',
        idempotencyKey: 'test:forfeit:givedirectly',
        entries: [
          { account: ACCOUNTS.card, amountCents: -1_000 },
          { account: ACCOUNTS.charityOf('givedirectly'), amountCents: 1_000 },
        ],
      }),
    );
    const input = { charityId: 'givedirectly', amountCents: 600, reference: 'ACH 2026-04-11 #1' };
    expect(await recordCharityTransfer(t.database.db, input)).toEqual({
      recorded: true,
      shares: [{ charityId: 'givedirectly', amountCents: 600 }],
    });
    expect(await recordCharityTransfer(t.database.db, input)).toEqual({
      recorded: false,
      reason: 'already_recorded',
    });
    const page = await transparency();
    expect(page.charities.find((c) => c.id === 'givedirectly')).toMatchObject({
      forfeitedCents: 1_000,
      transferredCents: 600,
      heldCents: 400,
    });
    expect(page.transfers).toEqual([
      expect.objectContaining({
        charityId: 'givedirectly',
        amountCents: 600,
        reference: 'ACH 2026-04-11 #1',
      }),
    ]);
  });

  it('refuses to overdraw a charity, an unknown charity and a bad amount, and records nothing', async () => {
    const before = await transparency();
    await expect(
      recordCharityTransfer(t.database.db, {
        charityId: 'givedirectly',
        amountCents: 401,
        reference: 'too much',
      }),
    ).rejects.toThrow(TransferRefused);
    await expect(
      recordCharityTransfer(t.database.db, { charityId: 'nobody', amountCents: 1, reference: 'x' }),
    ).rejects.toThrow(/Unknown charity/);
    await expect(
      recordCharityTransfer(t.database.db, { charityId: 'givedirectly', amountCents: 0.5, reference: 'x' }),
    ).rejects.toThrow(/whole number of cents/);
    const after = await transparency();
    expect(after.transfers).toEqual(before.transfers);
  });

  it('splits a transfer from the Kept Charity Fund equally among the charities, to the cent', async () => {
    const page = await transparency();
    const fund = page.charities.find((c) => c.id === 'kept-fund')!;
    expect(fund.heldCents).toBe(10_400); // the settled project's forfeit (no charity chosen: the fund)
    const result = await recordCharityTransfer(t.database.db, {
      charityId: 'kept-fund',
      amountCents: 10_001,
      reference: 'Fund transfer 2026-04',
    });
    expect(result.recorded && result.shares.map((s) => s.amountCents)).toEqual([
      2_001, 2_000, 2_000, 2_000, 2_000,
    ]);
    const after = await transparency();
    expect(after.charities.find((c) => c.id === 'kept-fund')).toMatchObject({
      transferredCents: 10_001,
      heldCents: 399,
    });
    expect(after.transfers.filter((x) => x.reference === 'Fund transfer 2026-04')).toHaveLength(5);
    await assertLedgerInvariants(t.database.db);
  });
});
