// What every settlement use case works with, and the row it works on.
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { projects, settlements } from '../../db/schema.ts';

export type SettlementRow = typeof settlements.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;

export type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** Test seams: called at the named moment of a run (a test kills the process there). */
export type SettlementFaults = {
  /** After the provider accepted the card refund, before it is booked. */
  afterRefundCall?: () => Promise<void> | void;
};

export type SettlementDeps = {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  log: Log;
  baseUrl: string;
  faults?: SettlementFaults;
};

/** What is still owed to the creator: the part of R above the deposit and late donations' shares, less what was paid. */
export const payoutOwed = (s: SettlementRow) => s.payoutCents + s.latePayoutCents - s.payoutPaidCents;

export const errorMessage = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 500);
