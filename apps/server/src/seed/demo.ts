// Demo content for a fresh zero-config install (embedded database, simulated payments): a dozen
// creators and 40 projects placed relative to `now`, written once, only into a database without
// projects. The creators' passwords are random and thrown away: they exist to be browsed.
import crypto from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type pg from 'pg';
import {
  DAY_MS,
  addDays,
  dollarsToCents,
  endDateFor,
  localDateOf,
  projectSchedule,
  startOfLocalDay,
  toDays,
} from '@kept/domain';
import { FIRST_CHECK_IN_TEXT } from '../modules/projects/create-from-deposit.ts';
import { DEMO_PROJECTS, DEMO_USERS, FALLBACK_UPDATES, type DemoProject } from './demo-content.ts';
import { writeSeed, type SeedCheckIn, type SeedDonation, type SeedProject, type SeedUser } from './write.ts';

/** Serialises seeders across app instances starting at once. */
const SEED_LOCK = 727275;
const HOUR_MS = 3_600_000;

export type DemoSeedResult = { seeded: boolean; users: number; projects: number; checkIns: number };

function demoCheckIns(project: DemoProject, createdAt: Date, timezone: string, now: Date): SeedCheckIn[] {
  const lengthDays = toDays(project.length[0], project.length[1]);
  const frequencyDays = toDays(project.frequency[0], project.frequency[1]);
  const schedule = projectSchedule({
    createdAt,
    endDate: endDateFor(createdAt, lengthDays, timezone),
    totalLengthDays: lengthDays,
    checkInFrequencyDays: frequencyDays,
    timezone,
  });
  const today = localDateOf(now, timezone);
  const texts = [...project.updates, ...FALLBACK_UPDATES];
  const checkIns: SeedCheckIn[] = [{ localDate: schedule.startDate, createdAt, text: FIRST_CHECK_IN_TEXT }];
  let next = 0;
  for (const [k, date] of schedule.checkInDates.entries()) {
    if (k === 0 || date >= today || project.missed?.includes(k)) continue;
    // Usually on the day it is due; every third one a day late but still inside its period.
    const onDate = k % 3 === 0 && frequencyDays > 1 && addDays(date, 1) < today ? addDays(date, 1) : date;
    const at = new Date(startOfLocalDay(onDate, timezone).getTime() + 19 * HOUR_MS);
    if (at.getTime() > now.getTime() || at.getTime() > schedule.endsAt.getTime()) continue;
    checkIns.push({ localDate: onDate, createdAt: at, text: texts[next % texts.length]! });
    next += 1;
  }
  return checkIns;
}

/** The demo users and projects, as of `now`. */
export async function buildDemoContent(now: Date): Promise<{ users: SeedUser[]; projects: SeedProject[] }> {
  const users: SeedUser[] = [];
  for (const demo of DEMO_USERS) {
    users.push({
      id: crypto.randomBytes(16).toString('hex'),
      username: demo.username,
      email: `${demo.username.replaceAll('_', '.')}@demo.kept.invalid`,
      timezone: demo.timezone,
      createdAt: new Date(now.getTime() - demo.joinedDaysAgo * DAY_MS),
      // Random and never stored in clear: nobody can sign in as a demo creator.
      passwordHash: await hashPassword(crypto.randomBytes(32).toString('base64url')),
    });
  }
  const byName = new Map(users.map((u) => [u.username, u]));
  const projects = DEMO_PROJECTS.map((demo): SeedProject => {
    const owner = byName.get(demo.owner);
    if (!owner) throw new Error(`demo project ${demo.title}: unknown owner ${demo.owner}`);
    const createdAt = new Date(now.getTime() - demo.startedDaysAgo * DAY_MS);
    const elapsed = Math.max(HOUR_MS, now.getTime() - createdAt.getTime());
    const donations: SeedDonation[] = (demo.donations ?? []).map(([dollars, donor], i, all) => ({
      amountCents: dollarsToCents(dollars),
      donorName: donor,
      anonymous: donor === null,
      createdAt: new Date(createdAt.getTime() + Math.floor((elapsed * (i + 1)) / (all.length + 1))),
    }));
    return {
      id: crypto.randomUUID(),
      userId: owner.id,
      title: demo.title,
      description: demo.description,
      tag: demo.tag,
      imageUrl: null,
      depositCents: dollarsToCents(demo.depositDollars),
      createdAt,
      lengthDays: toDays(demo.length[0], demo.length[1]),
      lengthValue: demo.length[0],
      lengthUnit: demo.length[1],
      frequencyDays: toDays(demo.frequency[0], demo.frequency[1]),
      frequencyValue: demo.frequency[0],
      frequencyUnit: demo.frequency[1],
      timezone: owner.timezone,
      checkIns: demoCheckIns(demo, createdAt, owner.timezone, now),
      donations,
    };
  });
  return { users, projects };
}

/**
 * Seed the demo content unless the database already has projects (or any demo creator). One
 * transaction: a failure leaves nothing behind.
 */
export async function seedDemoData(pool: pg.Pool, now: Date): Promise<DemoSeedResult> {
  const skipped = { seeded: false, users: 0, projects: 0, checkIns: 0 };
  const any = await pool.query('select 1 from projects limit 1');
  if (any.rowCount) return skipped;
  const content = await buildDemoContent(now);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const { rows } = await client.query<{ busy: boolean }>(
      `select exists (select 1 from projects) or exists (select 1 from users where lower(username) = any($1::text[])) as busy`,
      [content.users.map((u) => u.username.toLowerCase())],
    );
    if (rows[0]?.busy) {
      await client.query('rollback');
      return skipped;
    }
    await writeSeed(client, { ...content, now });
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return {
    seeded: true,
    users: content.users.length,
    projects: content.projects.length,
    checkIns: content.projects.reduce((n, p) => n + p.checkIns.length, 0),
  };
}
