// The ledger, summed for the transparency page: one pass over the entries, grouped by what moved
// (transaction kind) and where (account kind; charities one by one).
import type pg from 'pg';

export type LedgerSumRow = {
  txKind: string;
  accountKind: string;
  /** The charity account's code ('charity', 'charity:{id}'); null for other accounts. */
  charityCode: string | null;
  cents: string;
};

export const LEDGER_SUMS_SQL = `select t.kind as "txKind", a.kind as "accountKind",
       case when a.kind = 'charity' then a.code end as "charityCode",
       sum(e.amount_cents)::bigint::text as cents
  from ledger_entries e
  join ledger_accounts a on a.id = e.account_id
  join ledger_transactions t on t.id = e.transaction_id
 group by 1, 2, 3`;

export type TransferRow = { code: string; cents: string; reference: string | null; at: Date };

/** The latest recorded transfers to charities, one row per charity paid. */
export const TRANSFERS_SQL = `select a.code, (-e.amount_cents)::text as cents, t.memo as reference, t.created_at as at
  from ledger_transactions t
  join ledger_entries e on e.transaction_id = t.id
  join ledger_accounts a on a.id = e.account_id and a.kind = 'charity'
 where t.kind = 'charity_transfer'
 order by t.created_at desc, a.code
 limit 200`;

export async function ledgerSums(pool: pg.Pool): Promise<LedgerSumRow[]> {
  return (await pool.query<LedgerSumRow>(LEDGER_SUMS_SQL)).rows;
}

export async function latestTransfers(pool: pg.Pool): Promise<TransferRow[]> {
  return (await pool.query<TransferRow>(TRANSFERS_SQL)).rows;
}
