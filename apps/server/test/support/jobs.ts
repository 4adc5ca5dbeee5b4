// Driving background work in tests: move the injected clock, then run what is due (app.jobs.runDue).
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './app.ts';
import { readOutbox, type Mail } from './mail.ts';
import { subjectOf } from './mime.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

type MovableClock = { now: () => Date; set: (d: Date) => void };

/** Step the clock to `until` in `stepMs` steps, running due work after each step (as the timer would). */
export async function walkClock(
  app: FastifyInstance,
  clock: MovableClock,
  until: Date | string,
  stepMs = HOUR,
): Promise<void> {
  const end = new Date(until).getTime();
  while (clock.now().getTime() < end) {
    clock.set(new Date(Math.min(end, clock.now().getTime() + stepMs)));
    await app.jobs.runDue();
  }
}

export type SentMail = Mail & { subjectText: string };

/** Every message delivered so far (queued sends drained first), with decoded subjects. */
export async function sentMail(t: TestApp): Promise<SentMail[]> {
  await t.mailer.drain();
  return readOutbox(t.config.mail.outboxDir).map((m) => ({ ...m, subjectText: subjectOf(m) }));
}

/** The HTML part of a message, decoded. */
export function htmlOf(mail: Mail): string {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const part =
    /Content-Type: text\/html[^\n]*\n(?:Content-Transfer-Encoding: ([^\n]+)\n)?\n([\s\S]*?)\n--/i.exec(raw);
  if (!part) return '';
  const encoding = part[1]?.trim().toLowerCase();
  const body = part[2] ?? '';
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}
