// Property: for random projects (deposit, length, frequency, zone) with random check-in histories and
// donations, settlement splits the pool exactly as RULES.md says — checked against an independent
// count of t and m here — and every cent of the pool ends refunded to the card, paid out to the
// creator or forfeited to charity, each booked once.
import { addDays, localDateOf } from '@kept/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ACCOUNTS, balanceOf } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { seedProjects, seedUser } from './support/seeded-projects.ts';

const clock = manualClock(new Date('2026-06-01T00:00:00Z'));
let t: TestApp;
const owner = seedUser();

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seedProjects(t.database.pool, { users: [owner], projects: [], now: clock.now() });
});
afterAll(async () => {
  await t.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

const arbitraryProject = fc
  .record({
    depositCents: fc.oneof(
      fc.constantFrom(2_000, 5_000, 10_000, 25_000, 50_000),
      fc.integer({ min: 1_000, max: 100_000 }),
    ),
    lengthDays: fc.integer({ min: 2, max: 60 }),
    frequencySeed: fc.nat(),
    timezone: fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'Europe/Berlin'),
    createdAt: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2026, 2, 1) }),
    checkInDays: fc.array(fc.nat(), { maxLength: 12 }),
    donationsCents: fc.array(fc.integer({ min: 50, max: 100_000 }), { maxLength: 5 }),
  })
  .map((p) => {
    const frequencyDays = 1 + (p.frequencySeed % Math.floor(p.lengthDays / 2));
    return {
      ...p,
      frequencyDays,
      checkInDays: p.checkInDays.map((d) => d % p.lengthDays),
    };
  });

/** The rules counted by hand: t, m, P, R, F and R's split. */
function expected(p: {
  depositCents: number;
  lengthDays: number;
  frequencyDays: number;
  checkInDays: number[];
  donationsCents: number[];
}) {
  const total = Math.floor((p.lengthDays - 1) / p.frequencyDays) + 1;
  const satisfied = new Set([0, ...p.checkInDays.map((d) => Math.floor(d / p.frequencyDays))]);
  const missed = total - satisfied.size;
  const pool = p.donationsCents.reduce((sum, a) => sum + Math.floor((a * 80) / 100), p.depositCents);
  const refund = Number((BigInt(pool) * BigInt(total - missed)) / BigInt(total));
  const toCard = Math.min(refund, p.depositCents);
  return { total, missed, pool, refund, forfeit: pool - refund, toCard, payout: refund - toCard };
}

describe('settlement property', () => {
  it(
    'every cent of each pool ends refunded, paid out or forfeited, as the rules say',
    async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryProject, async (p) => {
          const createdAt = new Date(p.createdAt);
          const [projectId] = await seedProjects(t.database.pool, {
            users: [],
            now: createdAt,
            projects: [
              {
                userId: owner.id,
                createdAt,
                lengthDays: p.lengthDays,
                frequencyDays: p.frequencyDays,
                depositCents: p.depositCents,
                timezone: p.timezone,
                checkInDates: p.checkInDays.map((d) => addDays(localDateOf(createdAt, p.timezone), d)),
                donationsCents: p.donationsCents,
              },
            ],
          });
          const want = expected(p);
          await t.app.jobs.runDue();

          const [s] = await q<Record<string, number | string>>(
            `select state, pool_cents, total_checkins, missed_checkins, refund_cents, forfeit_cents,
                    refund_to_card_cents, payout_cents, payout_paid_cents from settlements where project_id = $1`,
            [projectId],
          );
          expect(s).toEqual({
            state: 'refunded',
            pool_cents: want.pool,
            total_checkins: want.total,
            missed_checkins: want.missed,
            refund_cents: want.refund,
            forfeit_cents: want.forfeit,
            refund_to_card_cents: want.toCard,
            payout_cents: want.payout,
            payout_paid_cents: want.payout,
          });
          const [moved] = await q<{ refunded: number; paid: number; forfeited: number; pool: number }>(
            `select coalesce(sum(e.amount_cents) filter (where a.code = 'card' and t.idempotency_key like '%:refund'), 0)::bigint as refunded,
                    coalesce(sum(e.amount_cents) filter (where a.code = 'card' and t.idempotency_key like '%:payout-paid:%'), 0)::bigint as paid,
                    coalesce(sum(e.amount_cents) filter (where a.code = 'charity'), 0)::bigint as forfeited,
                    coalesce(sum(e.amount_cents) filter (where a.kind = 'project_pool'), 0)::bigint as pool
               from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
               join ledger_accounts a on a.id = e.account_id
              where t.project_id = $1 and t.idempotency_key like 'settlement:%'`,
            [projectId],
          );
          expect(moved).toEqual({
            refunded: want.toCard,
            paid: want.payout,
            forfeited: want.forfeit,
            pool: -want.pool,
          });
          expect(moved!.refunded + moved!.paid + moved!.forfeited).toBe(want.pool);
          expect(await balanceOf(t.database.db, ACCOUNTS.pool(projectId!))).toBe(0);
          const [intent] = await q<{ refunded: number }>(
            `select i.amount_refunded_cents as refunded from simulated_payment_intents i
               join projects p on p.payment_intent_id = i.id where p.id = $1`,
            [projectId],
          );
          expect(intent!.refunded).toBe(want.toCard);
        }),
        { numRuns: 40 },
      );
      await assertLedgerInvariants(t.database.db);
    },
    10 * 60_000,
  );
});
