// Many projects at once, money-consistent (deposit payment, the simulated processor's record, ledger),
// written by the same bulk writer the demo and scale seeds use. For settlement tests that need
// hundreds of ended projects, where the real deposit path (sign-up, card form) would take minutes.
import crypto from 'node:crypto';
import type pg from 'pg';
import { addDays, localDateOf, startOfLocalDay, type LocalDate } from '@kept/domain';
import { writeSeed, type SeedProject, type SeedUser } from '../../src/seed/write.ts';

export type SeededProjectInput = {
  userId: string;
  createdAt: Date;
  lengthDays: number;
  frequencyDays: number;
  depositCents: number;
  timezone?: string;
  /** Local dates (project zone) of check-ins besides the automatic first one. */
  checkInDates?: LocalDate[];
  donationsCents?: number[];
};

export function seedUser(overrides: Partial<SeedUser> = {}): SeedUser {
  const id = crypto.randomBytes(16).toString('hex');
  return {
    id,
    username: `seeded_${id.slice(0, 10)}`,
    email: `seeded_${id.slice(0, 10)}@example.com`,
    timezone: 'UTC',
    createdAt: new Date('2025-01-01T00:00:00Z'),
    ...overrides,
  };
}

/** Write users and projects in one transaction; returns the projects' ids in order. */
export async function seedProjects(
  pool: pg.Pool,
  input: { users: SeedUser[]; projects: SeededProjectInput[]; now: Date },
): Promise<string[]> {
  const projects: SeedProject[] = input.projects.map((p, i) => {
    const timezone = p.timezone ?? 'UTC';
    const localStart = localDateOf(p.createdAt, timezone);
    const dated = (date: LocalDate) => new Date(startOfLocalDay(date, timezone).getTime() + 12 * 3_600_000);
    return {
      id: crypto.randomUUID(),
      userId: p.userId,
      title: `Seeded project ${i + 1}`,
      description: 'A goal worth keeping',
      tag: 'Writing',
      imageUrl: null,
      depositCents: p.depositCents,
      createdAt: p.createdAt,
      lengthDays: p.lengthDays,
      lengthValue: p.lengthDays,
      lengthUnit: 'days',
      frequencyDays: p.frequencyDays,
      frequencyValue: p.frequencyDays,
      frequencyUnit: 'days',
      timezone,
      checkIns: [
        { localDate: localStart, createdAt: p.createdAt, text: 'Project created!' },
        ...(p.checkInDates ?? []).map((d) => ({ localDate: d, createdAt: dated(d), text: 'Progress' })),
      ],
      donations: (p.donationsCents ?? []).map((amountCents, k) => ({
        amountCents,
        donorName: null,
        anonymous: true,
        createdAt: dated(addDays(localStart, Math.min(k, p.lengthDays - 1))),
      })),
    };
  });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await writeSeed(client, { users: input.users, projects, now: input.now });
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return projects.map((p) => p.id);
}
