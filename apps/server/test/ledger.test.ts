import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants, ledgerProblems } from '../src/modules/ledger/invariants.ts';
import {
  ACCOUNTS,
  accountId,
  accountIds,
  balanceOf,
  postTransaction,
  syncRefundable,
} from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createPaidProject } from './support/projects.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

describe('ledger', () => {
  it('books a balanced transaction once per idempotency key', async () => {
    const posting = {
      kind: 'test',
      idempotencyKey: 'test:once',
      entries: [
        { account: ACCOUNTS.card, amountCents: -700 },
        { account: ACCOUNTS.platformFees, amountCents: 700 },
      ],
    };
    const first = await db().transaction((tx) => postTransaction(tx, posting));
    const second = await db().transaction((tx) => postTransaction(tx, posting));
    expect(first.posted).toBe(true);
    expect(second).toEqual({ posted: false, transactionId: null });
    expect(await balanceOf(db(), ACCOUNTS.platformFees)).toBe(700);
    expect(await balanceOf(db(), ACCOUNTS.card)).toBe(-700);
  });

  it('books each entry, in order, whether its account exists already or is opened by the posting', async () => {
    const entriesOf = async (transactionId: string) =>
      (
        await t.database.pool.query<{ code: string; amount: string }>(
          `select a.code, e.amount_cents::text as amount from ledger_entries e
             join ledger_accounts a on a.id = e.account_id where e.transaction_id = $1 order by e.id`,
          [transactionId],
        )
      ).rows;
    const entries = [
      { account: ACCOUNTS.card, amountCents: -1_000 },
      { account: ACCOUNTS.charityOf('test-new-charity'), amountCents: 600 },
      { account: ACCOUNTS.platformFees, amountCents: 300 },
      { account: ACCOUNTS.charityOf('test-new-charity'), amountCents: 100 },
    ];
    const expected = entries.map((e) => ({ code: e.account, amount: String(e.amountCents) }));
    // The charity's account does not exist before the first posting; it does before the second.
    for (const key of ['order:opens-account', 'order:account-exists']) {
      const booked = await db().transaction((tx) =>
        postTransaction(tx, { kind: 'test', idempotencyKey: key, entries }),
      );
      expect(booked.posted).toBe(true);
      expect(await entriesOf(booked.transactionId!)).toEqual(expected);
    }
    expect(await balanceOf(db(), ACCOUNTS.charityOf('test-new-charity'))).toBe(1_400);
  });

  it('refuses an unbalanced or fractional posting before touching the database', async () => {
    await expect(
      db().transaction((tx) =>
        postTransaction(tx, {
          kind: 'test',
          idempotencyKey: 'test:unbalanced',
          entries: [
            { account: ACCOUNTS.card, amountCents: -500 },
            { account: ACCOUNTS.charity, amountCents: 499 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      db().transaction((tx) =>
        postTransaction(tx, {
          kind: 'test',
          idempotencyKey: 'test:fraction',
          entries: [
            { account: ACCOUNTS.card, amountCents: -0.5 },
            { account: ACCOUNTS.charity, amountCents: 0.5 },
          ],
        }),
      ),
    ).rejects.toThrow(/integer cents/);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from ledger_transactions where idempotency_key like 'test:%' and idempotency_key <> 'test:once'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('creates each account once, even when many transactions ask for it at the same time', async () => {
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => db().transaction((tx) => accountId(tx, ACCOUNTS.processingFees))),
    );
    expect(new Set(ids).size).toBe(1);
    const { rows } = await t.database.pool.query(
      `select kind from ledger_accounts where code = 'processing-fees'`,
    );
    expect(rows).toEqual([{ kind: 'processing_fees' }]);
  });

  it('rolls the entries back with the transaction that caused them', async () => {
    await expect(
      db().transaction(async (tx) => {
        await postTransaction(tx, {
          kind: 'test',
          idempotencyKey: 'test:rolled-back',
          entries: [
            { account: ACCOUNTS.card, amountCents: -100 },
            { account: ACCOUNTS.charity, amountCents: 100 },
          ],
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await balanceOf(db(), ACCOUNTS.charity)).toBe(0);
  });

  it("keeps a project's refundable_amount equal to what was paid into its pool", async () => {
    const { projectId } = await createPaidProject(t.app);
    expect(await balanceOf(db(), ACCOUNTS.pool(projectId))).toBe(5_000);
    const refundable = await db().transaction(async (tx) => {
      await postTransaction(tx, {
        kind: 'donation',
        idempotencyKey: `test:bonus:${projectId}`,
        projectId,
        entries: [
          { account: ACCOUNTS.platformFees, amountCents: -50 },
          { account: ACCOUNTS.pool(projectId), amountCents: 50 },
        ],
      });
      return syncRefundable(tx, projectId);
    });
    expect(refundable).toBe(5_050);
    const { rows } = await t.database.pool.query('select refundable_amount from projects where id = $1', [
      projectId,
    ]);
    expect(rows[0].refundable_amount).toBe(5_050);
    // Settlement empties the pool; what was paid in (the card's figure) stays.
    const afterForfeit = await db().transaction(async (tx) => {
      await postTransaction(tx, {
        kind: 'settlement_forfeit',
        idempotencyKey: `test:forfeit:${projectId}`,
        projectId,
        entries: [
          { account: ACCOUNTS.pool(projectId), amountCents: -1_000 },
          { account: ACCOUNTS.charity, amountCents: 1_000 },
        ],
      });
      return syncRefundable(tx, projectId);
    });
    expect(afterForfeit).toBe(5_050);
    expect(await balanceOf(db(), ACCOUNTS.pool(projectId))).toBe(4_050);
    expect(await ledgerProblems(db())).toEqual([]);
  });

  it('looks several accounts up at once, creating those that do not exist yet', async () => {
    const { projectId } = await createPaidProject(t.app);
    const codes = [ACCOUNTS.card, ACCOUNTS.pool(projectId), ACCOUNTS.processingFees, ACCOUNTS.card];
    const ids = await db().transaction((tx) => accountIds(tx, codes));
    expect([...ids.keys()].sort()).toEqual([...new Set(codes)].sort());
    for (const code of codes) expect(ids.get(code)).toBe(await accountId(db(), code));
    expect(new Set(ids.values()).size).toBe(3);
  });

  it('answers what was paid in, 0, for a project that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await db().transaction((tx) => syncRefundable(tx, missing))).toBe(0);
  });

  it('reports a refundable_amount that drifted from the pool', async () => {
    const { projectId } = await createPaidProject(t.app);
    await t.database.pool.query(
      'update projects set refundable_amount = refundable_amount + 1 where id = $1',
      [projectId],
    );
    expect(await ledgerProblems(db())).toEqual([
      `project ${projectId}: refundable_amount 5001 but paid into the pool 5000`,
    ]);
    await expect(assertLedgerInvariants(db())).rejects.toThrow(/refundable_amount 5001/);
    await t.database.pool.query(
      'update projects set refundable_amount = refundable_amount - 1 where id = $1',
      [projectId],
    );
  });

  it('reports a succeeded payment that was never booked', async () => {
    const { paymentId } = await createPaidProject(t.app);
    await t.database.pool.query(
      `insert into payments (provider, kind, provider_intent_id, idempotency_key, status, amount_cents)
       values ('simulated', 'donation', 'pi_orphan', 'orphan', 'succeeded', 999)`,
    );
    const problems = await ledgerProblems(db());
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/succeeded, 999¢\) has 0 ledger transactions/);
    expect(problems.join()).not.toContain(paymentId);
    await t.database.pool.query(`update payments set status = 'failed' where idempotency_key = 'orphan'`);
  });
});
