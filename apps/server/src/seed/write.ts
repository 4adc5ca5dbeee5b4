// Writes seeded users and projects as the real paths would have left them: each project with its
// succeeded deposit payment (and the simulated processor's own record), its check-ins, its donations,
// and balanced ledger transactions whose pool balance is the project's refundable amount; counters and
// next check-in from the shared rules. Bulk statements over unnest() arrays: fast at any size.
import crypto from 'node:crypto';
import type pg from 'pg';
import {
  depositChargeCents,
  depositFeeCents,
  donationSplit,
  endDateFor,
  projectSummary,
  type FrequencyUnit,
  type LengthUnit,
  type LocalDate,
} from '@kept/domain';
import { computeProjectCounters, validUntilValue } from '../modules/projects/counters.ts';

export type SeedUser = {
  id: string;
  username: string;
  email: string;
  timezone: string;
  createdAt: Date;
  /** A credential account with this password hash; none when absent (nobody can sign in). */
  passwordHash?: string;
};

export type SeedCheckIn = {
  localDate: LocalDate;
  createdAt: Date;
  text: string | null;
  videoUrl?: string | null;
};
export type SeedDonation = {
  amountCents: number;
  donorName: string | null;
  anonymous: boolean;
  createdAt: Date;
};

export type SeedProject = {
  id: string;
  userId: string;
  title: string;
  description: string;
  tag: string;
  imageUrl: string | null;
  depositCents: number;
  createdAt: Date;
  lengthDays: number;
  lengthValue: number;
  lengthUnit: LengthUnit;
  frequencyDays: number;
  frequencyValue: number;
  frequencyUnit: FrequencyUnit;
  timezone: string;
  /** Every check-in, the automatic first one included. */
  checkIns: SeedCheckIn[];
  donations: SeedDonation[];
};

const LEDGER_ACCOUNTS = [
  { code: 'card', kind: 'external' },
  { code: 'platform-fees', kind: 'platform_fees' },
  { code: 'processing-fees', kind: 'processing_fees' },
] as const;

const token = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

/** Insert rows from parallel arrays: `insert into table (cols) select * from unnest($1::t1[], …)`. */
async function insertColumns(
  client: pg.ClientBase,
  table: string,
  columns: [name: string, type: string, values: unknown[]][],
): Promise<void> {
  if (columns.length === 0 || columns[0]![2].length === 0) return;
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  await client.query(
    `insert into ${table} (${names}) select * from unnest(${arrays})`,
    columns.map(([, , values]) => values),
  );
}

/** The three shared ledger accounts' ids, created when missing. */
async function sharedAccounts(client: pg.ClientBase): Promise<Record<string, string>> {
  for (const account of LEDGER_ACCOUNTS) {
    await client.query(
      `insert into ledger_accounts (code, kind) values ($1, $2) on conflict (code) do nothing`,
      [account.code, account.kind],
    );
  }
  const { rows } = await client.query<{ code: string; id: string }>(
    `select code, id from ledger_accounts where code = any($1::text[])`,
    [LEDGER_ACCOUNTS.map((a) => a.code)],
  );
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}

/**
 * Write users and projects (with everything that comes with them) inside the caller's transaction.
 * `now` places the counters and next check-ins.
 */
export async function writeSeed(
  client: pg.ClientBase,
  input: { users: SeedUser[]; projects: SeedProject[]; now: Date },
): Promise<void> {
  const { users, projects, now } = input;
  await insertColumns(client, 'users', [
    ['id', 'text', users.map((u) => u.id)],
    ['name', 'text', users.map((u) => u.username)],
    ['email', 'text', users.map((u) => u.email)],
    ['email_verified', 'boolean', users.map(() => true)],
    ['username', 'text', users.map((u) => u.username)],
    ['timezone', 'text', users.map((u) => u.timezone)],
    ['created_at', 'timestamptz', users.map((u) => u.createdAt)],
    ['updated_at', 'timestamptz', users.map((u) => u.createdAt)],
  ]);
  const withPassword = users.filter((u) => u.passwordHash);
  await insertColumns(client, 'accounts', [
    ['id', 'text', withPassword.map(() => token(18))],
    ['account_id', 'text', withPassword.map((u) => u.id)],
    ['provider_id', 'text', withPassword.map(() => 'credential')],
    ['user_id', 'text', withPassword.map((u) => u.id)],
    ['password', 'text', withPassword.map((u) => u.passwordHash)],
    ['created_at', 'timestamptz', withPassword.map((u) => u.createdAt)],
    ['updated_at', 'timestamptz', withPassword.map((u) => u.createdAt)],
  ]);
  if (projects.length === 0) return;

  const p = {
    id: [] as string[],
    userId: [] as string[],
    title: [] as string[],
    tag: [] as string[],
    description: [] as string[],
    imageUrl: [] as (string | null)[],
    deposit: [] as number[],
    refundable: [] as number[],
    createdAt: [] as Date[],
    updatedAt: [] as Date[],
    endDate: [] as Date[],
    lengthDays: [] as number[],
    lengthValue: [] as number[],
    lengthUnit: [] as string[],
    frequencyDays: [] as number[],
    frequencyValue: [] as number[],
    frequencyUnit: [] as string[],
    nextCheckin: [] as (string | null)[],
    timezone: [] as string[],
    intentId: [] as string[],
    customerId: [] as string[],
    completed: [] as number[],
    missed: [] as number[],
    validUntil: [] as string[],
  };
  const c = {
    projectId: [] as string[],
    userId: [] as string[],
    text: [] as (string | null)[],
    videoUrl: [] as (string | null)[],
    videoType: [] as (string | null)[],
    timezone: [] as string[],
    localDate: [] as string[],
    createdAt: [] as Date[],
  };
  const pay = {
    id: [] as string[],
    kind: [] as string[],
    intentId: [] as string[],
    customerId: [] as (string | null)[],
    key: [] as string[],
    amount: [] as number[],
    userId: [] as (string | null)[],
    projectId: [] as string[],
    metadata: [] as string[],
    createdAt: [] as Date[],
  };
  const don = {
    id: [] as string[],
    projectId: [] as string[],
    paymentId: [] as string[],
    amount: [] as number[],
    creator: [] as number[],
    platform: [] as number[],
    donorName: [] as (string | null)[],
    anonymous: [] as boolean[],
    createdAt: [] as Date[],
  };
  const tx = { id: [] as string[], kind: [] as string[], key: [] as string[], paymentId: [] as string[] };
  const txProject: string[] = [];
  const txMemo: string[] = [];
  const txCreatedAt: Date[] = [];
  const pools = { id: [] as string[], code: [] as string[], projectId: [] as string[] };
  const entries = {
    txId: [] as string[],
    account: [] as string[],
    amount: [] as number[],
    createdAt: [] as Date[],
  };
  const accounts = await sharedAccounts(client);
  const book = (
    kind: 'deposit' | 'donation',
    project: SeedProject,
    paymentId: string,
    at: Date,
    memo: string,
    lines: [account: string, cents: number][],
  ) => {
    const id = crypto.randomUUID();
    tx.id.push(id);
    tx.kind.push(kind);
    tx.key.push(`payment:${paymentId}:succeeded`);
    tx.paymentId.push(paymentId);
    txProject.push(project.id);
    txMemo.push(memo);
    txCreatedAt.push(at);
    for (const [account, cents] of lines) {
      if (cents === 0) continue;
      entries.txId.push(id);
      entries.account.push(account);
      entries.amount.push(cents);
      entries.createdAt.push(at);
    }
  };

  for (const project of projects) {
    const endDate = endDateFor(project.createdAt, project.lengthDays, project.timezone);
    const schedule = {
      createdAt: project.createdAt,
      endDate,
      totalLengthDays: project.lengthDays,
      checkInFrequencyDays: project.frequencyDays,
      timezone: project.timezone,
    };
    const dated = project.checkIns.map((ci) => ({
      checkInProjectDate: ci.localDate,
      createdAt: ci.createdAt,
    }));
    const counters = computeProjectCounters(schedule, dated, now);
    const summary = projectSummary(schedule, dated, now);
    const refundable = project.donations.reduce(
      (pool, d) => pool + donationSplit(d.amountCents).creatorCents,
      project.depositCents,
    );
    const intentId = `pi_sim_seed_${token(12)}`;
    const customerId = `cus_sim_seed_${token(12)}`;
    const lastTouch = project.checkIns.reduce((t, ci) => Math.max(t, ci.createdAt.getTime()), 0);

    p.id.push(project.id);
    p.userId.push(project.userId);
    p.title.push(project.title);
    p.tag.push(project.tag);
    p.description.push(project.description);
    p.imageUrl.push(project.imageUrl);
    p.deposit.push(project.depositCents);
    p.refundable.push(refundable);
    p.createdAt.push(project.createdAt);
    p.updatedAt.push(new Date(Math.max(project.createdAt.getTime(), lastTouch)));
    p.endDate.push(endDate);
    p.lengthDays.push(project.lengthDays);
    p.lengthValue.push(project.lengthValue);
    p.lengthUnit.push(project.lengthUnit);
    p.frequencyDays.push(project.frequencyDays);
    p.frequencyValue.push(project.frequencyValue);
    p.frequencyUnit.push(project.frequencyUnit);
    p.nextCheckin.push(summary.nextCheckIn?.date ?? null);
    p.timezone.push(project.timezone);
    p.intentId.push(intentId);
    p.customerId.push(customerId);
    p.completed.push(counters.completedCheckins);
    p.missed.push(counters.missedCheckins);
    p.validUntil.push(validUntilValue(counters.validUntil));

    for (const ci of project.checkIns) {
      c.projectId.push(project.id);
      c.userId.push(project.userId);
      c.text.push(ci.text);
      c.videoUrl.push(ci.videoUrl ?? null);
      c.videoType.push(ci.videoUrl ? 'youtube' : null);
      c.timezone.push(project.timezone);
      c.localDate.push(ci.localDate);
      c.createdAt.push(ci.createdAt);
    }

    const poolCode = `pool:${project.id}`;
    const poolId = crypto.randomUUID();
    pools.id.push(poolId);
    pools.code.push(poolCode);
    pools.projectId.push(project.id);

    const depositPayment = crypto.randomUUID();
    const charge = depositChargeCents(project.depositCents);
    pay.id.push(depositPayment);
    pay.kind.push('deposit');
    pay.intentId.push(intentId);
    pay.customerId.push(customerId);
    pay.key.push(`seed:deposit:${project.id}`);
    pay.amount.push(charge);
    pay.userId.push(project.userId);
    pay.projectId.push(project.id);
    pay.metadata.push(JSON.stringify({ kind: 'deposit', paymentId: depositPayment, seeded: true }));
    pay.createdAt.push(project.createdAt);
    book('deposit', project, depositPayment, project.createdAt, `Deposit for "${project.title}"`, [
      [accounts.card!, -charge],
      [poolId, project.depositCents],
      [accounts['processing-fees']!, depositFeeCents(project.depositCents)],
    ]);

    for (const donation of project.donations) {
      const paymentId = crypto.randomUUID();
      const donationId = crypto.randomUUID();
      const split = donationSplit(donation.amountCents);
      pay.id.push(paymentId);
      pay.kind.push('donation');
      pay.intentId.push(`pi_sim_seed_${token(12)}`);
      pay.customerId.push(null);
      pay.key.push(`seed:donation:${donationId}`);
      pay.amount.push(donation.amountCents);
      pay.userId.push(null);
      pay.projectId.push(project.id);
      pay.metadata.push(
        JSON.stringify({
          kind: 'donation',
          paymentId,
          projectId: project.id,
          donationId,
          donorName: donation.donorName ?? '',
          donorEmail: '',
          donorAnonymous: donation.anonymous ? 'true' : 'false',
          seeded: true,
        }),
      );
      pay.createdAt.push(donation.createdAt);
      don.id.push(donationId);
      don.projectId.push(project.id);
      don.paymentId.push(paymentId);
      don.amount.push(donation.amountCents);
      don.creator.push(split.creatorCents);
      don.platform.push(split.platformCents);
      don.donorName.push(donation.donorName);
      don.anonymous.push(donation.anonymous);
      don.createdAt.push(donation.createdAt);
      book('donation', project, paymentId, donation.createdAt, `Donation ${donationId}`, [
        [accounts.card!, -donation.amountCents],
        [poolId, split.creatorCents],
        [accounts['platform-fees']!, split.platformCents],
      ]);
    }
  }

  const counterColumns: [string, string, unknown[]][] = [
    ['completed_checkins', 'int', p.completed],
    ['missed_checkins', 'int', p.missed],
    ['counters_valid_until', 'timestamptz', p.validUntil],
  ];
  await insertColumns(client, 'projects', [
    ['id', 'uuid', p.id],
    ['user_id', 'text', p.userId],
    ['title', 'text', p.title],
    ['tag', 'text', p.tag],
    ['description', 'text', p.description],
    ['image_url', 'text', p.imageUrl],
    ['deposit_amount', 'bigint', p.deposit],
    ['refundable_amount', 'bigint', p.refundable],
    ['created_at', 'timestamptz', p.createdAt],
    ['updated_at', 'timestamptz', p.updatedAt],
    ['end_date', 'timestamptz', p.endDate],
    ['total_length_days', 'int', p.lengthDays],
    ['total_length_value', 'int', p.lengthValue],
    ['total_length_unit', 'text', p.lengthUnit],
    ['check_in_frequency_days', 'int', p.frequencyDays],
    ['check_in_frequency_value', 'int', p.frequencyValue],
    ['check_in_frequency_unit', 'text', p.frequencyUnit],
    ['next_checkin_date', 'date', p.nextCheckin],
    // As the lifecycle tick leaves them: 'completed' once ended (settlement comes after, by its job).
    [
      'project_status',
      'text',
      p.endDate.map((end) => (end.getTime() < now.getTime() ? 'completed' : 'active')),
    ],
    ['project_timezone', 'text', p.timezone],
    ['payment_intent_id', 'text', p.intentId],
    ['payment_customer_id', 'text', p.customerId],
    ...counterColumns,
  ]);
  await insertColumns(client, 'project_checkins', [
    ['project_id', 'uuid', c.projectId],
    ['user_id', 'text', c.userId],
    ['update_text', 'text', c.text],
    ['video_url', 'text', c.videoUrl],
    ['video_type', 'text', c.videoType],
    ['check_in_timezone', 'text', c.timezone],
    ['check_in_local_date', 'date', c.localDate],
    ['check_in_project_date', 'date', c.localDate],
    ['created_at', 'timestamptz', c.createdAt],
  ]);
  // Inserting check-ins marks their projects' counters due (a trigger); they are current: set them back.
  await client.query(
    `update projects p set completed_checkins = v.completed, missed_checkins = v.missed,
            counters_valid_until = v.valid_until
       from unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[]) as v(id, completed, missed, valid_until)
      where p.id = v.id`,
    [p.id, p.completed, p.missed, p.validUntil],
  );
  await insertColumns(client, 'simulated_payment_intents', [
    ['id', 'text', pay.intentId],
    ['client_secret', 'text', pay.intentId.map((id) => `${id}_secret_${token(16)}`)],
    ['idempotency_key', 'text', pay.key],
    ['amount_cents', 'bigint', pay.amount],
    ['currency', 'text', pay.id.map(() => 'usd')],
    ['customer_id', 'text', pay.customerId],
    ['status', 'text', pay.id.map(() => 'succeeded')],
    ['metadata', 'jsonb', pay.metadata],
    ['created_at', 'timestamptz', pay.createdAt],
    ['updated_at', 'timestamptz', pay.createdAt],
  ]);
  await insertColumns(client, 'payments', [
    ['id', 'uuid', pay.id],
    ['provider', 'text', pay.id.map(() => 'simulated')],
    ['kind', 'text', pay.kind],
    ['provider_intent_id', 'text', pay.intentId],
    ['provider_customer_id', 'text', pay.customerId],
    ['idempotency_key', 'text', pay.key],
    ['status', 'text', pay.id.map(() => 'succeeded')],
    ['amount_cents', 'bigint', pay.amount],
    ['currency', 'text', pay.id.map(() => 'usd')],
    ['user_id', 'text', pay.userId],
    ['project_id', 'uuid', pay.projectId],
    ['metadata', 'jsonb', pay.metadata],
    ['created_at', 'timestamptz', pay.createdAt],
    ['updated_at', 'timestamptz', pay.createdAt],
    ['succeeded_at', 'timestamptz', pay.createdAt],
  ]);
  await insertColumns(client, 'donations', [
    ['id', 'uuid', don.id],
    ['project_id', 'uuid', don.projectId],
    ['payment_id', 'uuid', don.paymentId],
    ['amount_cents', 'bigint', don.amount],
    ['creator_share_cents', 'bigint', don.creator],
    ['platform_share_cents', 'bigint', don.platform],
    ['donor_name', 'text', don.donorName],
    ['donor_anonymous', 'boolean', don.anonymous],
    ['created_at', 'timestamptz', don.createdAt],
  ]);
  await insertColumns(client, 'ledger_accounts', [
    ['id', 'uuid', pools.id],
    ['code', 'text', pools.code],
    ['kind', 'text', pools.id.map(() => 'project_pool')],
    ['project_id', 'uuid', pools.projectId],
  ]);
  await insertColumns(client, 'ledger_transactions', [
    ['id', 'uuid', tx.id],
    ['kind', 'text', tx.kind],
    ['idempotency_key', 'text', tx.key],
    ['payment_id', 'uuid', tx.paymentId],
    ['project_id', 'uuid', txProject],
    ['memo', 'text', txMemo],
    ['created_at', 'timestamptz', txCreatedAt],
  ]);
  await insertColumns(client, 'ledger_entries', [
    ['transaction_id', 'uuid', entries.txId],
    ['account_id', 'uuid', entries.account],
    ['amount_cents', 'bigint', entries.amount],
    ['created_at', 'timestamptz', entries.createdAt],
  ]);
}
