// Emails that must not be lost go through the job queue: queued in the same database transaction as
// the change they report, delivered by the 'email' job (retried with backoff, at most 8 times).
import type { EmailMessage, Mailer } from '../../adapters/email/mailer.ts';
import { enqueue, type JobHandler } from '../../jobs/queue.ts';
import type { Executor } from '../ledger/ledger.ts';

export const EMAIL_JOB = 'email';
const EMAIL_MAX_ATTEMPTS = 8;

/** Queue `message` once per `key` (e.g. 'notification:{id}'). */
export function queueEmail(db: Executor, key: string, message: EmailMessage, now: Date): Promise<boolean> {
  return enqueue(db, {
    kind: EMAIL_JOB,
    key: `email:${key}`,
    payload: { message },
    runAt: now,
    maxAttempts: EMAIL_MAX_ATTEMPTS,
  });
}

/** The 'email' job: hand the stored message to the email adapter and wait for the outcome. */
export function emailJobHandler(mailer: Mailer): JobHandler {
  return async (job) => {
    const message = job.payload.message as EmailMessage | undefined;
    if (!message?.to || !message.subject) throw new Error(`email job ${job.key} has no message`);
    await mailer.deliver(message);
  };
}
