// Email adapter. Two transports behind one interface:
// - outbox (default): each message is written as an .eml file in DATA_DIR/outbox, and one log line names
//   its recipient, subject and file (never its links: a reset link is a live credential; open the file);
// - SMTP (SMTP_URL): sent through nodemailer.
// Every message has a plain-text and an HTML part. Nothing sends mail from a request: every email is a
// 'send_email' job (jobs/tasks.ts), queued in the transaction that causes it, which calls `deliver`.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export type EmailMessage = { to: string; subject: string; text: string; html: string };
type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type Mailer = {
  /** Deliver now and wait; throws when the transport refuses (the job then tries again later). */
  deliver: (message: EmailMessage) => Promise<void>;
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

  return { deliver, close: () => transport.close() };
}
