// What must hold about the money at every moment, checked against the database. Tests call
// assertLedgerInvariants after every money test; it can also run as a health check on real data.
import { sql } from 'drizzle-orm';
import type { Executor } from './ledger.ts';

export type LedgerReport = {
  transactions: number;
  entries: number;
  /** Sum of every entry: always 0 in a double-entry ledger. */
  total: number;
};

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Lists every broken invariant; an empty list means the books are sound. */
export async function ledgerProblems(db: Executor): Promise<string[]> {
  const problems: string[] = [];

  for (const r of await rows<{ id: string; n: number; total: number }>(
    db,
    sql`select t.id, count(e.id)::int as n, coalesce(sum(e.amount_cents), 0)::bigint as total
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id having count(e.id) < 2 or coalesce(sum(e.amount_cents), 0) <> 0`,
  )) {
    problems.push(`transaction ${r.id} has ${r.n} entries summing to ${r.total}`);
  }

  for (const r of await rows<{ id: string; refundable: number; pool: number }>(
    db,
    sql`select p.id, p.refundable_amount as refundable, coalesce(b.paid_in, 0)::bigint as pool
        from projects p
        left join (select a.project_id, sum(e.amount_cents) as paid_in
                   from ledger_accounts a join ledger_entries e on e.account_id = a.id
                   join ledger_transactions t on t.id = e.transaction_id
                   where a.kind = 'project_pool' and t.kind in ('deposit', 'donation')
                   group by a.project_id) b
               on b.project_id = p.id
        where p.refundable_amount <> coalesce(b.paid_in, 0)`,
  )) {
    problems.push(`project ${r.id}: refundable_amount ${r.refundable} but paid into the pool ${r.pool}`);
  }

  for (const r of await rows<{ code: string; balance: number }>(
    db,
    sql`select a.code, sum(e.amount_cents)::bigint as balance
        from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind <> 'external' group by a.code having sum(e.amount_cents) < 0`,
  )) {
    problems.push(`account ${r.code} is negative (${r.balance})`);
  }

  // Every succeeded payment is booked exactly once, for what the card paid; nothing else is booked.
  for (const r of await rows<{ id: string; status: string; n: number; card: number; amount: number }>(
    db,
    sql`select p.id, p.status, p.amount_cents as amount, count(distinct t.id)::int as n,
               coalesce(sum(e.amount_cents) filter (where a.code = 'card'), 0)::bigint as card
        from payments p
        left join ledger_transactions t on t.payment_id = p.id
        left join ledger_entries e on e.transaction_id = t.id
        left join ledger_accounts a on a.id = e.account_id
        group by p.id
        having (p.status = 'succeeded' and (count(distinct t.id) <> 1
                  or coalesce(sum(e.amount_cents) filter (where a.code = 'card'), 0) <> -p.amount_cents))
            or (p.status <> 'succeeded' and count(distinct t.id) <> 0)`,
  )) {
    problems.push(
      `payment ${r.id} (${r.status}, ${r.amount}¢) has ${r.n} ledger transactions moving ${r.card}¢ from card`,
    );
  }

  for (const r of await rows<{ id: string }>(
    db,
    sql`select d.id from donations d join payments p on p.id = d.payment_id
        where p.status <> 'succeeded' or p.amount_cents <> d.amount_cents or p.kind <> 'donation'`,
  )) {
    problems.push(`donation ${r.id} does not match a succeeded donation payment`);
  }

  for (const r of await rows<{ id: string }>(
    db,
    sql`select pr.id from projects pr
        where not exists (select 1 from payments p
                          where p.project_id = pr.id and p.kind = 'deposit' and p.status = 'succeeded')`,
  )) {
    problems.push(`project ${r.id} has no succeeded deposit payment`);
  }

  // A settlement's refund and payout states say what the ledger booked: the card refund is booked
  // (net of refunds that came back) exactly when refund_status is processing or refunded; what was paid
  // out is payout_paid_cents; payout_status is none (nothing owed), pending (less paid) or paid (all).
  for (const r of await rows<{
    project_id: string;
    refund_status: string;
    payout_status: string;
    refunded: number;
    paid_out: number;
  }>(
    db,
    sql`select s.project_id, s.refund_status, s.payout_status, b.refunded, b.paid_out
        from settlements s
        cross join lateral (
          select coalesce(sum(e.amount_cents) filter (where t.kind in ('settlement_refund', 'settlement_refund_returned')), 0)::bigint as refunded,
                 coalesce(sum(e.amount_cents) filter (where t.kind = 'settlement_payout_paid'), 0)::bigint as paid_out
            from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id and a.code = 'card'
           where t.project_id = s.project_id) b
        where b.refunded <> case when s.refund_status in ('processing', 'refunded') then s.refund_to_card_cents else 0 end
           or b.paid_out <> s.payout_paid_cents
           or s.payout_status <> case when s.payout_cents + s.late_payout_cents = 0 then 'none'
                                      when s.payout_paid_cents = s.payout_cents + s.late_payout_cents then 'paid'
                                      else 'pending' end::settlement_payout_status`,
  )) {
    problems.push(
      `settlement of project ${r.project_id}: refund ${r.refund_status} with ${r.refunded}¢ refunded to the card, payout ${r.payout_status} with ${r.paid_out}¢ paid out`,
    );
  }

  return problems;
}

/** Throws, naming each problem, unless every ledger invariant holds. */
export async function assertLedgerInvariants(db: Executor): Promise<LedgerReport> {
  const problems = await ledgerProblems(db);
  if (problems.length > 0) throw new Error(`Ledger invariants broken:\n  ${problems.join('\n  ')}`);
  const [totals] = await rows<{ transactions: number; entries: number; total: number }>(
    db,
    sql`select (select count(*) from ledger_transactions)::int as transactions,
               (select count(*) from ledger_entries)::int as entries,
               (select coalesce(sum(amount_cents), 0) from ledger_entries)::bigint as total`,
  );
  return { transactions: totals!.transactions, entries: totals!.entries, total: Number(totals!.total) };
}
