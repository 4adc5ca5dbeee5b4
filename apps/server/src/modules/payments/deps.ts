// What the payment use cases work with, and the texts they answer with.
import crypto from 'node:crypto';
import { MESSAGES } from '@kept/domain';
import type { ConfiguredProvider } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { payments } from '../../db/schema.ts';
import type { PaymentEffects } from './effects.ts';

export type PaymentRow = typeof payments.$inferSelect;

export type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** Hooks for crash tests (a worker kills itself at that point); never set by the app. */
export type PaymentFaults = {
  /** The simulated processor has charged the card; nothing is booked yet. */
  afterCharge?: () => Promise<void>;
};

export type PaymentDeps = {
  db: Db;
  provider: ConfiguredProvider;
  effects: PaymentEffects;
  clock: Clock;
  log: Log;
  faults?: PaymentFaults;
};

export const PAYMENT_MESSAGES = {
  intentFailed: MESSAGES.paymentIntentFailed,
  notFound: 'Payment not found',
  keyReused: 'This payment was already started with different details. Please reload and try again.',
  simulatedOnly: 'Not found.',
  expired: 'This payment has expired. Please start again.',
} as const;

export const FAILED_PAYMENT_MESSAGE = 'An error occurred while processing your payment';

/** Payments not (yet) applied: the ones reconciliation walks. */
export const OPEN_STATUSES = ['requires_payment', 'processing', 'failed'] as const;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
