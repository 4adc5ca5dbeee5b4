import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/adapters/email/mailer.ts';
import { renderEmail } from '../src/adapters/email/layout.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-mail-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const content = renderEmail({
  heading: 'Reset your password',
  paragraphs: ['Someone asked to reset the password of your <Kept> account.'],
  action: { label: 'Choose a new password', url: 'http://localhost:3000/reset-password?token=abc' },
});

describe('email', () => {
  it('writes each message to the outbox as an .eml with text and HTML parts, and logs its file, not its link', async () => {
    const lines: string[] = [];
    const outboxDir = path.join(tmp, 'outbox');
    const mailer = createMailer({
      from: 'Kept <no-reply@kept.local>',
      outboxDir,
      log: {
        info: (o, m) => lines.push(JSON.stringify(o), m),
        error: (o, m) => lines.push(JSON.stringify(o), m),
      },
    });
    await mailer.deliver({ to: 'ada@example.com', subject: 'Reset your password', ...content });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: ada@example.com');
    expect(eml).toContain('Subject: Reset your password');
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
    expect(eml).toContain('&lt;Kept&gt;'); // HTML part escapes what it shows
    expect(eml).toContain('/reset-password?token=abc');
    const log = lines.join('\n');
    expect(log).toContain(
      `email written to outbox: Reset your password (${path.join(outboxDir, files[0]!)})`,
    );
    expect(log).toContain('ada@example.com');
    expect(log).not.toContain('token=abc');
    expect(log).not.toContain('http');
  });

  it('makes the outbox folder again when it was removed after the first message', async () => {
    const outboxDir = path.join(tmp, 'outbox-removed');
    const mailer = createMailer({
      from: 'Kept <no-reply@kept.local>',
      outboxDir,
      log: { info: () => {}, error: (_o, m) => expect.unreachable(m) },
    });
    await mailer.deliver({ to: 'ada@example.com', subject: 'First', ...content });
    fs.rmSync(outboxDir, { recursive: true });
    await mailer.deliver({ to: 'ada@example.com', subject: 'Second', ...content });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8')).toContain('Subject: Second');
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const mailer = createMailer({
      from: 'Kept <no-reply@kept.local>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: path.join(tmp, 'unused'),
      log: { info: () => {}, error: () => {} },
    });
    try {
      await mailer.deliver({ to: 'grace@example.com', subject: 'Hello over SMTP', ...content });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Hello over SMTP');
      expect(received[0]).toContain('text/html');
      expect(fs.existsSync(path.join(tmp, 'unused'))).toBe(false);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('tells the caller when the transport refuses a message (the email job then tries again)', async () => {
    const mailer = createMailer({
      from: 'Kept <no-reply@kept.local>',
      smtpUrl: 'smtp://127.0.0.1:1',
      outboxDir: tmp,
      log: { info: () => {}, error: () => {} },
    });
    await expect(
      mailer.deliver({ to: 'x@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
    mailer.close();
  });
});
