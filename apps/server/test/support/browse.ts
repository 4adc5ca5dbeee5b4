// Rows for the browse tests: users and projects inserted directly (the read model only), with exact
// instants, zones, amounts and check-ins, so every filter bound and section edge can be placed.
import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { endDateFor, localDateOf } from '@kept/domain';

let counter = 0;

/** A user row with a unique username (no password: these users only own projects). */
export async function insertUser(
  pool: pg.Pool,
  opts: { username?: string; timezone?: string } = {},
): Promise<{ id: string; username: string }> {
  counter += 1;
  const id = crypto.randomUUID().replaceAll('-', '');
  const username = opts.username ?? `owner${process.pid % 1000}x${counter}`;
  await pool.query(`insert into users (id, email, username, timezone) values ($1, $2, $3, $4)`, [
    id,
    `${id}@example.com`,
    username,
    opts.timezone ?? 'UTC',
  ]);
  return { id, username };
}

export type ProjectInput = {
  userId: string;
  title?: string;
  description?: string;
  tag?: string;
  createdAt: string | Date;
  lengthDays?: number;
  frequencyDays?: number;
  /** Explicit end instant; default: the end of the last local day (endDateFor). */
  endDate?: string | Date;
  timezone?: string;
  depositCents?: number;
  refundableCents?: number;
  imageUrl?: string | null;
  deleted?: boolean;
  /** The stored status (default 'active'); the lifecycle tick and settlement move an ended project on. */
  status?: 'active' | 'completed' | 'settled';
  /** Local dates (in the project's zone) of check-ins after the automatic first one. */
  checkIns?: string[];
};

/** Insert a project (and its automatic first check-in, plus `checkIns`); returns its id. */
export async function insertProject(pool: pg.Pool, input: ProjectInput): Promise<string> {
  const created = new Date(input.createdAt);
  const timezone = input.timezone ?? 'UTC';
  const lengthDays = input.lengthDays ?? 30;
  const frequencyDays = input.frequencyDays ?? 7;
  const end = input.endDate ? new Date(input.endDate) : endDateFor(created, lengthDays, timezone);
  const deposit = input.depositCents ?? 5000;
  const { rows } = await pool.query<{ id: string }>(
    `insert into projects (user_id, title, tag, description, image_url, deposit_amount, refundable_amount, created_at,
       end_date, total_length_days, total_length_value, total_length_unit, check_in_frequency_days,
       check_in_frequency_value, check_in_frequency_unit, project_timezone, payment_intent_id, deleted_at,
       project_status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, 'days', $11, $11, 'days', $12, $13, $14, $15)
     returning id`,
    [
      input.userId,
      input.title ?? 'A project',
      input.tag ?? 'Writing',
      input.description ?? 'A goal worth keeping',
      input.imageUrl ?? null,
      deposit,
      input.refundableCents ?? deposit,
      created,
      end,
      lengthDays,
      frequencyDays,
      timezone,
      `pi_row_${crypto.randomUUID()}`,
      input.deleted ? created : null,
      input.status ?? 'active',
    ],
  );
  const id = rows[0]!.id;
  const first = localDateOf(created, timezone);
  const dates = [first, ...(input.checkIns ?? [])];
  for (const [i, date] of dates.entries()) {
    const at = i === 0 ? created : new Date(`${date}T12:00:00Z`);
    await pool.query(
      `insert into project_checkins (project_id, user_id, update_text, check_in_timezone, check_in_local_date,
         check_in_project_date, created_at)
       values ($1, $2, $3, $4, $5, $5, $6)`,
      [id, input.userId, i === 0 ? 'Project created' : `Update ${i}`, timezone, date, at],
    );
  }
  return id;
}

/** GET as an anonymous visitor, skipping the shared cache unless `cached`. */
export function get(
  app: FastifyInstance,
  url: string,
  opts: { cookie?: string; cached?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (!opts.cached) headers['cache-control'] = 'no-cache';
  return app.inject({ method: 'GET', url, headers });
}

/** Titles of a list of cards. */
export const titles = (cards: { title: string }[]) => cards.map((card) => card.title);
