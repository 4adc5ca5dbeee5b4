// A jobs worker as its own process, for tests that kill it mid-job: it runs the queued jobs of the
// database at KEPT_WORKER_DB_URL, and SIGKILLs itself inside the first email it delivers — as a crash or
// an OOM kill would, while the message is on its way to the mail server.
import { createSimulatedProvider } from '../../src/adapters/payments/simulated.ts';
import { connectDatabase } from '../../src/db/client.ts';
import { createJobs } from '../../src/jobs/index.ts';

const url = process.env.KEPT_WORKER_DB_URL;
if (!url) throw new Error('KEPT_WORKER_DB_URL is required');

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const database = connectDatabase(url, 4);
const jobs = createJobs({
  db: database.db,
  clock: { now: () => new Date() },
  log: quiet,
  mailer: {
    deliver: async () => {
      process.stdout.write('crashing while delivering an email\n');
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => {}); // never reached: nothing after the kill may run
    },
  },
  provider: createSimulatedProvider(database.db),
  baseUrl: 'http://localhost:3000',
});
const summary = await jobs.drain();
process.stdout.write(`finished: ${JSON.stringify(summary)}\n`);
await database.close();
