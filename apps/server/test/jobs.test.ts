// Background work on graphile-worker (decision 019): an email is queued in the transaction that causes
// it — never sent when that transaction rolls back, sent once per job key however often it is queued —,
// an instance with JOBS=0 runs no worker and no crontab, and a job whose worker was killed mid-run runs
// again once graphile-worker frees the dead worker's lock.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage } from '../src/adapters/email/mailer.ts';
import { createSimulatedProvider } from '../src/adapters/payments/simulated.ts';
import { createJobs } from '../src/jobs/index.ts';
import { queueEmail } from '../src/jobs/tasks.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { recoverAfterDeadWorker, sentMail } from './support/jobs.ts';
import { confirmCard, projectDraft, startDeposit } from './support/projects.ts';
import { createUser } from './support/users.ts';

const WORKER = path.resolve(import.meta.dirname, 'support/email-worker.ts');
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const message = (subject: string): EmailMessage => ({
  to: 'ada@example.com',
  subject,
  text: `${subject}.`,
  html: `<p>${subject}.</p>`,
});
const delivered = async (subject: string) =>
  (await sentMail(t)).filter((m) => m.subjectText === subject).length;
const waitingJobs = () => q<{ key: string | null }>('select key from graphile_worker.jobs');

/** A promise with its resolve function, to hold a handler mid-run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('an email queued in a transaction', () => {
  it('is not sent when the transaction rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueEmail(tx, 'rolled-back', message('Never sent'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await waitingJobs()).toEqual([]);
    expect(await delivered('Never sent')).toBe(0);
  });

  it('is not sent for a deposit whose booking rolled back, and sent once when it is applied later', async () => {
    const owner = await createUser(t.app);
    const title = 'Welcome once';
    const intent = await startDeposit(t.app, owner, projectDraft({ title }));
    // The payment's last write of the apply transaction fails, after the project and its welcome
    // email were made in it.
    await t.database.pool.query(`
      create table fail_success (on_ boolean);
      insert into fail_success values (true);
      create function fail_success() returns trigger language plpgsql as $$
      begin
        if new.status = 'succeeded' and exists (select 1 from fail_success) then
          raise exception 'the booking failed';
        end if;
        return new;
      end $$;
      create trigger fail_success before update on payments for each row execute function fail_success();`);
    const res = await confirmCard(t.app, intent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'processing' });
    expect(await q('select id from projects where title = $1', [title])).toEqual([]);
    expect(await waitingJobs()).toEqual([]);
    const subject = `Your project "${title}" has started`;
    expect(await delivered(subject)).toBe(0);

    // Reconciliation applies the charged payment later: project, booking and welcome commit together.
    await t.database.pool.query('delete from fail_success');
    clock.advance(5 * 60_000);
    expect(await t.app.payments.reconcile()).toMatchObject({ applied: 1 });
    expect(await q('select count(*)::int as n from projects where title = $1', [title])).toEqual([{ n: 1 }]);
    expect(await delivered(subject)).toBe(1);
    await t.app.payments.reconcile();
    expect(await delivered(subject)).toBe(1);
  });

  it('is sent once when it is queued twice under one key', async () => {
    await queueEmail(t.database.db, 'twice', message('Queued twice'));
    await t.database.db.transaction((tx) => queueEmail(tx, 'twice', message('Queued twice')));
    expect(await waitingJobs()).toEqual([{ key: 'email:twice' }]);
    expect((await t.app.jobs.drain()).ran).toEqual({ send_email: 1 });
    expect(await delivered('Queued twice')).toBe(1);
  });

  it('is sent once when it is queued again while its job is running', async () => {
    const held = gate();
    const started = gate();
    const sent: string[] = [];
    const worker = createJobs({
      db: t.database.db,
      clock,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      mailer: {
        deliver: async (m) => {
          started.open();
          await held.opened;
          sent.push(m.subject);
        },
      },
      provider: createSimulatedProvider(t.database.db),
      baseUrl: 'http://localhost:3000',
    });
    await queueEmail(t.database.db, 'while-running', message('Queued while running'));
    const running = worker.drain();
    await started.opened;
    await queueEmail(t.database.db, 'while-running', message('Queued while running'));
    expect(await waitingJobs()).toEqual([{ key: 'email:while-running' }]);
    held.open();
    expect((await running).ran).toEqual({ send_email: 1 });
    expect((await worker.drain()).jobs).toBe(0);
    expect(sent).toEqual(['Queued while running']);
  });
});

describe('where jobs run', () => {
  it('runs no worker and no crontab with JOBS=0; an instance with jobs on runs what it left', async () => {
    const off = await createTestApp({ env: { JOBS: '0' } });
    const on = await createTestApp({ database: off.database });
    try {
      const listening = async () =>
        (
          await off.database.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and query ilike 'listen%'`,
          )
        ).rows[0]!.n;
      const crontabs = async () =>
        (
          await off.database.pool.query<{ identifier: string }>(
            'select identifier from graphile_worker._private_known_crontabs order by identifier',
          )
        ).rows.map((r) => r.identifier);
      const job = async () =>
        (
          await off.database.pool.query(
            'select attempts, locked_by from graphile_worker.jobs where key = $1',
            ['email:jobs-off'],
          )
        ).rows;

      await queueEmail(off.database.db, 'jobs-off', message('Left for a worker'));
      expect(off.app.jobs.enabled).toBe(false);
      await off.app.jobs.start(); // what main.ts calls
      expect(await listening()).toBe(0);
      expect(await crontabs()).toEqual([]);
      expect(await job()).toEqual([{ attempts: 0, locked_by: null }]);

      expect(on.app.jobs.enabled).toBe(true);
      const sent = new Promise<void>((resolve) =>
        on.app.jobs.events.on('job:success', ({ job }) => {
          if (job.key === 'email:jobs-off') resolve();
        }),
      );
      await on.app.jobs.start();
      // pg_stat_activity shows the LISTEN once PostgreSQL's view of that connection has caught up.
      await expect.poll(listening).toBe(1); // the jobs-on instance only: the JOBS=0 one never listened
      expect(await crontabs()).toEqual([
        'expire_data_exports',
        'lifecycle_tick',
        'reconcile_payments',
        'refresh_counters',
        'settlement_due',
      ]);
      await sent;
      expect((await sentMail(on)).map((m) => m.subjectText)).toContain('Left for a worker');
      expect((await sentMail(off)).map((m) => m.subjectText)).not.toContain('Left for a worker');
    } finally {
      await on.close();
      await off.close();
    }
  });
});

describe('a job whose worker was killed mid-run', () => {
  it('stays with the dead worker, then runs again once graphile-worker frees its lock', async () => {
    await queueEmail(t.database.db, 'killed', message('Sent after a crash'));
    const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
    const child = spawn(process.execPath, [WORKER], {
      env: { ...inherited, KEPT_WORKER_DB_URL: t.database.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exit = await new Promise<string | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    expect(exit, output).toBe('SIGKILL');
    expect(output).toContain('crashing while delivering an email');

    const [job] = await q<{ attempts: number; locked_by: string | null }>(
      'select attempts, locked_by from graphile_worker.jobs where key = $1',
      ['email:killed'],
    );
    expect(job).toMatchObject({ attempts: 1, locked_by: expect.any(String) });
    expect((await t.app.jobs.drain()).jobs).toBe(0); // locked: no other worker takes it meanwhile
    expect(await delivered('Sent after a crash')).toBe(0);

    await recoverAfterDeadWorker(t.database, { clock, mailer: t.mailer, task: 'send_email' });
    expect(await delivered('Sent after a crash')).toBe(1);
    expect(await q('select key from graphile_worker.jobs where key = $1', ['email:killed'])).toEqual([]);
  });
});
