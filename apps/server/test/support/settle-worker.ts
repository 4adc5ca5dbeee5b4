// A background worker as its own process, for tests that kill it mid-job: it runs what is due on the
// database at KEPT_WORKER_DB_URL at the instant KEPT_WORKER_NOW, with the simulated provider. With
// KEPT_WORKER_CRASH=after-refund it SIGKILLs itself right after the provider accepted a card refund,
// before the refund is booked — as a crash or an OOM kill would.
import { createMailer } from '../../src/adapters/email/mailer.ts';
import { createSimulatedProvider } from '../../src/adapters/payments/simulated.ts';
import { connectDatabase } from '../../src/db/client.ts';
import { createJobs } from '../../src/jobs/index.ts';

const url = process.env.KEPT_WORKER_DB_URL;
const now = process.env.KEPT_WORKER_NOW;
const outboxDir = process.env.KEPT_WORKER_OUTBOX;
if (!url || !now || !outboxDir)
  throw new Error('KEPT_WORKER_DB_URL, KEPT_WORKER_NOW and KEPT_WORKER_OUTBOX are required');

const quiet = {
  info: () => {},
  warn: () => {},
  error: (obj: object, msg: string) => console.error(msg, obj),
};
const database = connectDatabase(url, 4);
const mailer = createMailer({ from: 'Kept <no-reply@kept.local>', outboxDir, log: quiet });
const jobs = createJobs({
  db: database.db,
  clock: { now: () => new Date(now) },
  log: quiet,
  mailer,
  provider: createSimulatedProvider(database.db),
  baseUrl: 'http://localhost:3000',
  faults: {
    afterRefundCall: async () => {
      if (process.env.KEPT_WORKER_CRASH !== 'after-refund') return;
      process.stdout.write('crashing after the refund call\n');
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => {}); // never reached: nothing after the kill may run
    },
  },
});
const summary = await jobs.runDue();
process.stdout.write(`finished: ${JSON.stringify(summary)}\n`);
mailer.close();
await database.close();
