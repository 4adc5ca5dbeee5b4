// Bare projects rows for tests of reads and owner actions that do not care how the deposit was paid.
// (Money tests create projects through the real deposit path instead.)
import crypto from 'node:crypto';
import type pg from 'pg';

export type ProjectRowInput = {
  userId: string;
  title?: string;
  tag?: string;
  createdAt: string | Date;
  lengthDays?: number;
  frequencyDays?: number;
  timezone?: string;
  depositCents?: number;
  deleted?: boolean;
};

/** Insert a project whose end is the last millisecond of its last local (UTC) day; returns its id. */
export async function insertProjectRow(pool: pg.Pool, input: ProjectRowInput): Promise<string> {
  const created = new Date(input.createdAt);
  const lengthDays = input.lengthDays ?? 30;
  const startOfDay = Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate());
  const end = new Date(startOfDay + lengthDays * 86_400_000 - 1);
  const deposit = input.depositCents ?? 5000;
  const frequency = input.frequencyDays ?? 7;
  const { rows } = await pool.query<{ id: string }>(
    `insert into projects (user_id, title, tag, description, deposit_amount, refundable_amount, created_at, end_date,
       total_length_days, total_length_value, total_length_unit, check_in_frequency_days, check_in_frequency_value,
       check_in_frequency_unit, project_timezone, payment_intent_id, deleted_at)
     values ($1, $2, $3, 'A goal worth keeping', $4, $4, $5, $6, $7, $7, 'days', $8, $8, 'days', $9, $10, $11)
     returning id`,
    [
      input.userId,
      input.title ?? 'A project',
      input.tag ?? 'Writing',
      deposit,
      created,
      end,
      lengthDays,
      frequency,
      input.timezone ?? 'UTC',
      `pi_row_${crypto.randomUUID()}`,
      input.deleted ? new Date() : null,
    ],
  );
  return rows[0]!.id;
}
