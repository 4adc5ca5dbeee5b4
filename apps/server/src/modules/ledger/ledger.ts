// The double-entry ledger (ARCHITECTURE.md "Money"; decision 002). Every money movement is one
// transaction of signed integer-cent entries summing to zero, booked at most once per idempotency key,
// always inside the caller's database transaction so it commits or rolls back with its cause.
// The database refuses unbalanced transactions and any UPDATE/DELETE of ledger rows.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, projects } from '../../db/schema.ts';

/** A drizzle transaction (what `db.transaction(async (tx) => …)` hands over). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: read helpers accept either. */
export type Executor = Db | Tx;

/** Account codes. Positive balances: money held (pool, fees, charity); `card` goes negative as money comes in. */
export const ACCOUNTS = {
  /** Money outside Kept that came in by card (and goes back out by refund). */
  card: 'card',
  platformFees: 'platform-fees',
  processingFees: 'processing-fees',
  charity: 'charity',
  /**
   * Forfeits held for one charity of the vetted list ('charity:{id}'); the Kept Charity Fund's are the
   * original single 'charity' account, so forfeits booked before charities could be chosen are the fund's.
   */
  charityOf: (charityId: string) => (charityId === 'kept-fund' ? 'charity' : `charity:${charityId}`),
  /** Money that left Kept for a charity: recorded transfers. */
  charityTransfers: 'charity-transfers',
  pool: (projectId: string) => `pool:${projectId}`,
  payable: (userId: string) => `payable:${userId}`,
} as const;

type AccountKind =
  'external' | 'platform_fees' | 'processing_fees' | 'charity' | 'project_pool' | 'creator_payable';

function describeAccount(code: string): {
  kind: AccountKind;
  projectId: string | null;
  userId: string | null;
} {
  if (code === ACCOUNTS.card) return { kind: 'external', projectId: null, userId: null };
  if (code === ACCOUNTS.platformFees) return { kind: 'platform_fees', projectId: null, userId: null };
  if (code === ACCOUNTS.processingFees) return { kind: 'processing_fees', projectId: null, userId: null };
  if (code === ACCOUNTS.charity || code.startsWith('charity:'))
    return { kind: 'charity', projectId: null, userId: null };
  if (code === ACCOUNTS.charityTransfers) return { kind: 'external', projectId: null, userId: null };
  if (code.startsWith('pool:')) return { kind: 'project_pool', projectId: code.slice(5), userId: null };
  if (code.startsWith('payable:')) return { kind: 'creator_payable', projectId: null, userId: code.slice(8) };
  throw new Error(`Unknown ledger account code: ${code}`);
}

/**
 * The account's id, creating the account on first use. Safe under concurrency. Accounts are made once
 * and used for ever after, so it looks first and creates only when that finds nothing.
 */
export async function accountId(tx: Executor, code: string): Promise<string> {
  const find = async () =>
    (await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0];
  const found = await find();
  if (found) return found.id;
  const { kind, projectId, userId } = describeAccount(code);
  const inserted = await tx
    .insert(ledgerAccounts)
    .values({ code, kind, projectId, userId })
    .onConflictDoNothing({ target: ledgerAccounts.code })
    .returning({ id: ledgerAccounts.id });
  if (inserted[0]) return inserted[0].id;
  // Another transaction created it meanwhile: a new statement's snapshot sees the row it committed.
  const existing = await find();
  if (!existing) throw new Error(`Ledger account ${code} could not be created`);
  return existing.id;
}

/** Ids of several accounts in one statement; any that does not exist yet is created (accountId). */
export async function accountIds(tx: Executor, codes: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  const found = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, unique));
  const ids = new Map(found.map((row) => [row.code, row.id]));
  for (const code of unique) if (!ids.has(code)) ids.set(code, await accountId(tx, code));
  return ids;
}

export type Posting = {
  kind: string;
  /** Unique per effect, e.g. 'payment:{paymentId}:succeeded'. */
  idempotencyKey: string;
  paymentId?: string | null;
  projectId?: string | null;
  memo?: string | null;
  entries: { account: string; amountCents: number }[];
};

export type PostResult = { posted: true; transactionId: string } | { posted: false; transactionId: null };

/**
 * Book a balanced transaction inside `tx`. Zero entries are dropped; the rest must be safe integers
 * summing to zero. A key already booked books nothing and answers `posted: false`.
 */
export async function postTransaction(tx: Tx, posting: Posting): Promise<PostResult> {
  const entries = posting.entries.filter((e) => e.amountCents !== 0);
  if (entries.some((e) => !Number.isSafeInteger(e.amountCents)))
    throw new Error(`Ledger amounts must be integer cents (${posting.idempotencyKey})`);
  const sum = entries.reduce((total, e) => total + e.amountCents, 0);
  if (entries.length < 2 || sum !== 0)
    throw new Error(`Ledger transaction ${posting.idempotencyKey} does not balance (sum ${sum})`);

  const codes = entries.map((entry) => entry.account);
  // One statement books the transaction and its entries, in their order, when every account already
  // exists (all but an account's first posting); a key already booked books nothing.
  const { rows } = await tx.execute<{ transactionId: string | null; entries: number }>(sql`
    with t as (
      insert into ${ledgerTransactions} (kind, idempotency_key, payment_id, project_id, memo)
      values (${posting.kind}, ${posting.idempotencyKey}, ${posting.paymentId ?? null},
              ${posting.projectId ?? null}, ${posting.memo ?? null})
      on conflict (idempotency_key) do nothing
      returning id
    ), v as (
      select v.n, v.amount, a.id as account_id
        from unnest(${sql.param(codes)}::text[], ${sql.param(entries.map((entry) => entry.amountCents))}::bigint[])
             with ordinality as v(code, amount, n)
        left join ${ledgerAccounts} a on a.code = v.code
    ), e as (
      insert into ${ledgerEntries} (transaction_id, account_id, amount_cents)
      select t.id, v.account_id, v.amount from t cross join v
       where not exists (select 1 from v where v.account_id is null)
       order by v.n
      returning 1
    )
    select (select id from t) as "transactionId", (select count(*) from e)::int as entries`);
  const booked = rows[0]!;
  if (booked.transactionId === null) return { posted: false, transactionId: null };
  if (booked.entries === 0) {
    // An account's first posting: the accounts are created, then the entries booked.
    const ids = await accountIds(tx, codes);
    await tx.insert(ledgerEntries).values(
      entries.map((entry) => ({
        transactionId: booked.transactionId!,
        accountId: ids.get(entry.account)!,
        amountCents: entry.amountCents,
      })),
    );
  }
  return { posted: true, transactionId: booked.transactionId };
}

/** An account's balance in cents (0 for an account that does not exist yet). */
export async function balanceOf(db: Executor, code: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerAccounts.code, code));
  return Number(row?.balance ?? 0);
}

/** The transactions that pay into a pool; settlement's (and a reversed refund's) never count. */
export const PAID_IN_KINDS = ['deposit', 'donation'] as const;

/**
 * What has been paid into a project's pool: the deposit and 80% of every donation, late ones included.
 * Settlement moves money out of the pool (refund, payout, forfeit) but never lowers this figure, so a
 * settled project still shows the stake it was played for.
 */
export async function poolPaidIn(db: Executor, projectId: string): Promise<number> {
  const { rows } = await db.execute<{ paid_in: string | number }>(
    sql`select ${poolPaidInSql(projectId)} as paid_in`,
  );
  return Number(rows[0]?.paid_in ?? 0);
}

/** poolPaidIn as a scalar subquery (bigint cents). */
function poolPaidInSql(projectId: string) {
  return sql<number>`(select coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint
      from ${ledgerEntries}
      join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerEntries.accountId}
      join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.transactionId}
     where ${ledgerAccounts.code} = ${ACCOUNTS.pool(projectId)}
       and ${inArray(ledgerTransactions.kind, [...PAID_IN_KINDS])})`;
}

/**
 * Set the project's cached `refundable_amount` (what cards and Editor's Picks show) to what has been
 * paid into its pool (poolPaidIn), in the same transaction as the entries that changed it. Callers hold
 * the project row lock (`for update`) when it already existed.
 */
export async function syncRefundable(tx: Tx, projectId: string): Promise<number> {
  // One statement: the sum is read and written together.
  const [row] = await tx
    .update(projects)
    .set({ refundableAmount: poolPaidInSql(projectId) })
    .where(eq(projects.id, projectId))
    .returning({ refundableAmount: projects.refundableAmount });
  return row ? Number(row.refundableAmount) : poolPaidIn(tx, projectId);
}
