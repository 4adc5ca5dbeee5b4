// Recording a real transfer of forfeited money to a charity (there is no admin role: a command runs
// this). A transfer to one charity moves its amount from the charity's account to 'charity-transfers'
// (money that left Kept). A transfer from the Kept Charity Fund first splits the amount equally among
// the listed charities ('charity_fund_split'), then records each share as a transfer to its charity.
// A charity's balance never goes negative: the accounts involved are locked and checked in the same
// transaction. The reference makes the command idempotent: running it twice records one transfer.
import { CHARITIES, CHARITY_FUND, FORFEIT_DESTINATION_IDS, splitEvenly } from '@kept/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ACCOUNTS, postTransaction, type Tx } from '../ledger/ledger.ts';

export type TransferInput = { charityId: string; amountCents: number; reference: string };
export type TransferResult =
  | { recorded: true; shares: { charityId: string; amountCents: number }[] }
  | { recorded: false; reason: 'already_recorded' };

export class TransferRefused extends Error {}

/** What is wrong with the input, or null. */
export function transferInputError(input: TransferInput): string | null {
  if (!(FORFEIT_DESTINATION_IDS as readonly string[]).includes(input.charityId))
    return `Unknown charity '${input.charityId}'. Choose one of: ${FORFEIT_DESTINATION_IDS.join(', ')}.`;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    return 'The amount must be a positive whole number of cents.';
  const reference = input.reference.trim();
  if (reference.length === 0 || reference.length > 200)
    return 'The reference (the bank’s or the charity’s receipt number) must be 1–200 characters.';
  return null;
}

/** Balances of these accounts, locking them (and creating none) so that two transfers never overdraw. */
async function lockedBalances(tx: Tx, codes: string[]): Promise<Map<string, number>> {
  const { rows } = await tx.execute<{ code: string; balance: string }>(sql`
    with locked as (select id, code from ledger_accounts where code in ${codes} for update)
    select l.code, coalesce(sum(e.amount_cents), 0)::bigint::text as balance
      from locked l left join ledger_entries e on e.account_id = l.id
     group by l.code`);
  return new Map(rows.map((row) => [row.code, Number(row.balance)]));
}

export async function recordCharityTransfer(db: Db, input: TransferInput): Promise<TransferResult> {
  const error = transferInputError(input);
  if (error) throw new TransferRefused(error);
  const reference = input.reference.trim();
  const key = `charity_transfer:${input.charityId}:${reference}`;
  return db.transaction(async (tx) => {
    const fund = input.charityId === CHARITY_FUND.id;
    const source = ACCOUNTS.charityOf(input.charityId);
    const balances = await lockedBalances(tx, [source]);
    const available = balances.get(source) ?? 0;
    const already = await tx.execute(
      sql`select 1 from ledger_transactions where idempotency_key in (${key}, ${`${key}:split`})`,
    );
    if (already.rows.length > 0) return { recorded: false, reason: 'already_recorded' } as const;
    if (input.amountCents > available)
      throw new TransferRefused(
        `Only ${available} cents are held for ${input.charityId}; a transfer of ${input.amountCents} would overdraw it.`,
      );
    if (!fund) {
      await postTransaction(tx, {
        kind: 'charity_transfer',
        idempotencyKey: key,
        memo: reference,
        entries: [
          { account: ACCOUNTS.charityOf(input.charityId), amountCents: -input.amountCents },
          { account: ACCOUNTS.charityTransfers, amountCents: input.amountCents },
        ],
      });
      return {
        recorded: true,
        shares: [{ charityId: input.charityId, amountCents: input.amountCents }],
      } as const;
    }
    const shares = splitEvenly(input.amountCents, CHARITIES.length).map((amountCents, i) => ({
      charityId: CHARITIES[i]!.id as string,
      amountCents,
    }));
    await postTransaction(tx, {
      kind: 'charity_fund_split',
      idempotencyKey: `${key}:split`,
      memo: reference,
      entries: [
        { account: source, amountCents: -input.amountCents },
        ...shares.map((s) => ({ account: ACCOUNTS.charityOf(s.charityId), amountCents: s.amountCents })),
      ],
    });
    for (const [i, share] of shares.entries()) {
      if (share.amountCents === 0) continue;
      await postTransaction(tx, {
        kind: 'charity_transfer',
        idempotencyKey: `${key}:transfer:${i}`,
        memo: reference,
        entries: [
          { account: ACCOUNTS.charityOf(share.charityId), amountCents: -share.amountCents },
          { account: ACCOUNTS.charityTransfers, amountCents: share.amountCents },
        ],
      });
    }
    return { recorded: true, shares: shares.filter((s) => s.amountCents > 0) } as const;
  });
}
