// A card confirm in its own process, for tests that kill the server between the charge and its
// booking: it confirms payment KEPT_WORKER_PAYMENT_ID (client secret KEPT_WORKER_CLIENT_SECRET) with the
// 4242 test card through the app's payment service and simulated provider, on the database at
// KEPT_WORKER_DB_URL. With KEPT_WORKER_CRASH=after-charge it SIGKILLs itself right after the processor
// charged the card, before anything is booked — as a crash or an OOM kill would.
import { connectDatabase } from '../../src/db/client.ts';
import { simulatedPaymentService } from './payment-service.ts';

const url = process.env.KEPT_WORKER_DB_URL;
const now = process.env.KEPT_WORKER_NOW;
const paymentId = process.env.KEPT_WORKER_PAYMENT_ID;
const clientSecret = process.env.KEPT_WORKER_CLIENT_SECRET;
if (!url || !now || !paymentId || !clientSecret)
  throw new Error(
    'KEPT_WORKER_DB_URL, KEPT_WORKER_NOW, KEPT_WORKER_PAYMENT_ID and KEPT_WORKER_CLIENT_SECRET are required',
  );

const log = {
  info: () => {},
  warn: () => {},
  error: (obj: object, msg: string) => console.error(msg, obj),
};
const clock = { now: () => new Date(now) };
const database = connectDatabase(url, 4);
const service = simulatedPaymentService(database, {
  clock,
  log,
  afterCharge: async () => {
    if (process.env.KEPT_WORKER_CRASH !== 'after-charge') return;
    process.stdout.write('crashing after the charge\n');
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => {}); // never reached: nothing after the kill may run
  },
});
const payment = await service.authorize(paymentId, clientSecret);
const status = await service.confirmSimulated({
  payment,
  clientSecret,
  card: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
});
process.stdout.write(`finished: ${JSON.stringify(status)}\n`);
await database.close();
