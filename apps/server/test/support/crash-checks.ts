// What must hold in the database after the server was killed mid-load and started again: nothing the
// server acknowledged is lost, the books balance, and no project or payment is half made.
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { assertLedgerInvariants } from '../../src/modules/ledger/invariants.ts';

/** Writes the server answered 2xx to: each must be in the database after any crash. */
export type Acknowledged = {
  signUps: { email: string }[];
  checkIns: { id: string; projectId: string; text: string }[];
  deposits: { paymentId: string; projectId: string; userId: string }[];
  donations: { paymentId: string; projectId: string; amountCents: number }[];
};

export const emptyAcknowledged = (): Acknowledged => ({
  signUps: [],
  checkIns: [],
  deposits: [],
  donations: [],
});

export const acknowledgedCount = (a: Acknowledged) =>
  a.signUps.length + a.checkIns.length + a.deposits.length + a.donations.length;

/** Queries on one read-only REPEATABLE READ transaction: every check sees the same moment. */
export type Snapshot = {
  rows: <T>(text: string, values?: unknown[]) => Promise<T[]>;
  /** The same transaction as a Drizzle executor, for the ledger's own invariant checks. */
  db: Db;
};

export async function snapshot<T>(db: Db, fn: (s: Snapshot) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const s: Snapshot = {
      rows: async <R>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as R[],
      db: drizzle({ client, schema }) as unknown as Db,
    };
    const result = await fn(s);
    await client.query('commit');
    return result;
  } finally {
    client.release();
  }
}

/** Acknowledged writes that are missing (or changed) in the database, one line each. */
export async function lostWrites(s: Snapshot, acked: Acknowledged): Promise<string[]> {
  const lost: string[] = [];

  const emails = acked.signUps.map((s) => s.email);
  const foundUsers = new Set(
    (await s.rows<{ email: string }>('select email from users where email = any($1::text[])', [emails])).map(
      (r) => r.email,
    ),
  );
  for (const email of emails) if (!foundUsers.has(email)) lost.push(`sign-up ${email}`);

  const checkIns = new Map(
    (
      await s.rows<{ id: string; project_id: string; update_text: string | null }>(
        'select id, project_id, update_text from project_checkins where id = any($1::uuid[])',
        [acked.checkIns.map((c) => c.id)],
      )
    ).map((r) => [r.id, r]),
  );
  for (const c of acked.checkIns) {
    const row = checkIns.get(c.id);
    if (!row || row.project_id !== c.projectId || row.update_text !== c.text)
      lost.push(`check-in ${c.id} on project ${c.projectId}`);
  }

  const deposits = new Map(
    (
      await s.rows<{ id: string; status: string; project_id: string | null; owner: string | null }>(
        `select p.id, p.status, p.project_id, pr.user_id as owner
           from payments p left join projects pr on pr.id = p.project_id
          where p.id = any($1::uuid[])`,
        [acked.deposits.map((d) => d.paymentId)],
      )
    ).map((r) => [r.id, r]),
  );
  for (const d of acked.deposits) {
    const row = deposits.get(d.paymentId);
    if (!row || row.status !== 'succeeded' || row.project_id !== d.projectId || row.owner !== d.userId)
      lost.push(`deposit ${d.paymentId} (project ${d.projectId}): ${JSON.stringify(row ?? null)}`);
  }

  const donations = new Map(
    (
      await s.rows<{
        id: string;
        status: string;
        donation_project: string | null;
        donation_cents: number | null;
      }>(
        `select p.id, p.status, d.project_id as donation_project, d.amount_cents as donation_cents
           from payments p left join donations d on d.payment_id = p.id
          where p.id = any($1::uuid[])`,
        [acked.donations.map((d) => d.paymentId)],
      )
    ).map((r) => [r.id, r]),
  );
  for (const d of acked.donations) {
    const row = donations.get(d.paymentId);
    if (
      !row ||
      row.status !== 'succeeded' ||
      row.donation_project !== d.projectId ||
      row.donation_cents !== d.amountCents
    )
      lost.push(`donation ${d.paymentId} to ${d.projectId}: ${JSON.stringify(row ?? null)}`);
  }
  return lost;
}

/** Broken money or half-made records, one line each (empty: sound). */
export async function consistencyProblems(s: Snapshot): Promise<string[]> {
  const problems: string[] = [];
  try {
    const report = await assertLedgerInvariants(s.db);
    if (report.total !== 0) problems.push(`ledger entries sum to ${report.total}, not 0`);
  } catch (err) {
    problems.push((err as Error).message);
  }
  // A project exists only with its succeeded deposit payment and that payment's ledger transaction.
  for (const r of await s.rows<{ id: string }>(
    `select pr.id from projects pr
      where not exists (select 1 from payments p join ledger_transactions t on t.payment_id = p.id
                         where p.project_id = pr.id and p.kind = 'deposit' and p.status = 'succeeded'
                           and t.kind = 'deposit')`,
  ))
    problems.push(`half-made project ${r.id}: no succeeded, booked deposit`);
  // Every succeeded payment is booked and has its effect: a project or a donation.
  for (const r of await s.rows<{ id: string; kind: string }>(
    `select p.id, p.kind from payments p
      where p.status = 'succeeded'
        and (not exists (select 1 from ledger_transactions t where t.payment_id = p.id)
             or (p.kind = 'deposit' and not exists (select 1 from projects pr where pr.id = p.project_id))
             or (p.kind = 'donation' and not exists (select 1 from donations d where d.payment_id = p.id)))`,
  ))
    problems.push(`succeeded ${r.kind} payment ${r.id} is not booked or has no effect`);
  // Nothing is booked or made for a payment that has not succeeded.
  for (const r of await s.rows<{ id: string }>(
    `select p.id from payments p
      where p.status <> 'succeeded'
        and (exists (select 1 from ledger_transactions t where t.payment_id = p.id)
             or exists (select 1 from donations d where d.payment_id = p.id))`,
  ))
    problems.push(`payment ${r.id} has not succeeded but is booked`);
  return problems;
}

/** Payments the (simulated) processor took that Kept has not applied: money taken without its effect. */
export async function chargedNotApplied(s: Snapshot): Promise<string[]> {
  return (
    await s.rows<{ id: string; status: string }>(
      `select p.id, p.status from payments p
         join simulated_payment_intents s on s.id = p.provider_intent_id
        where s.status = 'succeeded' and p.status <> 'succeeded'`,
    )
  ).map((r) => `payment ${r.id} was charged but is ${r.status}`);
}
