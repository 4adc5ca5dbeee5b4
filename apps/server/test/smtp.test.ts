// The password reset email travels over real SMTP when SMTP_URL is set.
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { parseMail, resetTokenFrom, type Mail } from './support/mail.ts';
import { createUser } from './support/users.ts';

const received: Mail[] = [];
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push(parseMail(data));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('password reset over SMTP', () => {
  it('delivers a reset email whose link resets the password', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.email },
    });
    expect(res.statusCode).toBe(200);
    // The reset email is queued in the background after the answer (its timing must not tell whether the
    // address has an account): run the queue until it has been delivered.
    await expect
      .poll(
        async () => {
          await t.app.jobs.drain();
          return received.some((m) => m.to === u.email);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const mail = received.find((m) => m.to === u.email)!;
    expect(mail.subject).toBe('Reset your Kept password');
    expect(mail.raw).toContain('text/html');
    const token = resetTokenFrom(mail);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'via-smtp-1', confirmPassword: 'via-smtp-1' },
    });
    expect(reset.statusCode).toBe(200);
  });
});
