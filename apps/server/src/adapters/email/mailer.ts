// Email adapter. Two transports behind one interface:
// - outbox (default): each message is written as an .eml file in DATA_DIR/outbox, and one log line names
//   its recipient, subject and file (never its links: a reset link is a live credential; open the file);
// - SMTP (SMTP_URL): sent through nodemailer.
// Every message has a plain-text and an HTML part. `send` never blocks a response: it queues and returns.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export type EmailMessage = { to: string; subject: string; text: string; html: string };
type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type Mailer = {
  /** Queue a message; resolves at once. Failures are logged, never thrown at the caller. */
  send: (message: EmailMessage) => void;
  /** Deliver now and wait (for jobs that must know the outcome). */
  deliver: (message: EmailMessage) => Promise<void>;
  /** Wait until every queued message has been handed to its transport. */
  drain: () => Promise<void>;
  close: () => void;
};

export function createMailer(opts: {
  from: string;
  smtpUrl?: string | undefined;
  outboxDir: string;
  log: Log;
}): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  // The outbox folder is made on the first message, and again only if it has gone since.
  let outboxMade = false;
  const writeToOutbox = async (file: string, data: Buffer) => {
    if (!outboxMade) {
      await fs.mkdir(opts.outboxDir, { recursive: true });
      outboxMade = true;
    }
    try {
      await fs.writeFile(file, data);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await fs.mkdir(opts.outboxDir, { recursive: true });
      await fs.writeFile(file, data);
    }
  };

  const deliver = async (message: EmailMessage): Promise<void> => {
    const info = (await transport.sendMail({ from: opts.from, ...message })) as {
      message?: Buffer;
      messageId?: string;
    };
    if (!opts.smtpUrl) {
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`,
      );
      await writeToOutbox(file, info.message ?? Buffer.from(''));
      opts.log.info(
        { to: message.to, subject: message.subject, file },
        `email written to outbox: ${message.subject} (${file})`,
      );
    } else {
      opts.log.info(
        { to: message.to, subject: message.subject, messageId: info.messageId },
        `email sent: ${message.subject}`,
      );
    }
  };

  return {
    send(message) {
      const p = deliver(message)
        .catch((err: unknown) => opts.log.error({ err, subject: message.subject }, 'email could not be sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    deliver,
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => transport.close(),
  };
}
