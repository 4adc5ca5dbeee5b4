import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TAG_NAMES,
  dollarsToCents,
  projectSummary,
  validateProjectDraft,
  validateUsername,
} from '@kept/domain';
import { HomeResponseSchema, ProjectDetailResponseSchema } from '@kept/contract';
import { DEMO_PROJECTS, DEMO_USERS } from '../src/seed/demo-content.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { seedAtScale } from '../src/seed/scale.ts';
import { ledgerProblems } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { get } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { signIn } from './support/users.ts';

const NOW = new Date('2026-03-20T12:00:00Z');

/** Projects that started before their creator joined (none should: a profile says 'Joined {date}'). */
async function projectsBeforeTheirCreatorJoined(t: TestApp): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ username: string; title: string }>(
    `select u.username, p.title from projects p join users u on u.id = p.user_id
      where p.created_at < u.created_at order by 1, 2`,
  );
  return rows.map((r) => `${r.username}: ${r.title}`);
}

/** Every project's stored counters equal the shared rules' counts at `now`. */
async function countersMatchTheRules(t: TestApp, now: Date): Promise<void> {
  const { rows } = await t.database.pool.query<{
    createdAt: Date;
    endDate: Date;
    totalLengthDays: number;
    checkInFrequencyDays: number;
    timezone: string;
    completed: number;
    missed: number;
    validUntil: Date | number;
    checkIns: { checkInProjectDate: string; createdAt: string }[];
  }>(`select p.created_at as "createdAt", p.end_date as "endDate", p.total_length_days as "totalLengthDays",
            p.check_in_frequency_days as "checkInFrequencyDays", p.project_timezone as timezone,
            p.completed_checkins as completed, p.missed_checkins as missed, p.counters_valid_until as "validUntil",
            (select json_agg(json_build_object('checkInProjectDate', c.check_in_project_date, 'createdAt', c.created_at))
               from project_checkins c where c.project_id = p.id) as "checkIns"
       from projects p`);
  for (const row of rows) {
    const summary = projectSummary(
      row,
      row.checkIns.map((c) => ({
        checkInProjectDate: c.checkInProjectDate,
        createdAt: new Date(c.createdAt),
      })),
      now,
    );
    expect({ completed: row.completed, missed: row.missed }).toEqual({
      completed: summary.completedCheckIns,
      missed: summary.missedCheckIns,
    });
    expect(
      Number(row.validUntil instanceof Date ? row.validUntil.getTime() : row.validUntil),
    ).toBeGreaterThan(now.getTime());
  }
}

describe('demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is valid by the shared rules: usernames and project drafts', () => {
    expect(DEMO_USERS).toHaveLength(12);
    for (const user of DEMO_USERS) expect(validateUsername(user.username), user.username).toBeNull();
    expect(DEMO_PROJECTS.length).toBeGreaterThanOrEqual(40);
    for (const p of DEMO_PROJECTS) {
      const result = validateProjectDraft({
        title: p.title,
        description: p.description,
        tag: p.tag,
        lengthValue: p.length[0],
        lengthUnit: p.length[1],
        frequencyValue: p.frequency[0],
        frequencyUnit: p.frequency[1],
        depositCents: dollarsToCents(p.depositDollars),
      });
      expect(result.ok, `${p.title}: ${JSON.stringify(result)}`).toBe(true);
    }
  });

  it('seeds a living site once: every tag and state, money-consistent, counters from the rules', async () => {
    const first = await seedDemoData(t.database.pool, NOW);
    expect(first).toMatchObject({ seeded: true, users: 12, projects: DEMO_PROJECTS.length });
    expect(first.checkIns).toBeGreaterThan(first.projects * 2);
    expect(await seedDemoData(t.database.pool, NOW)).toMatchObject({ seeded: false });

    const { rows } = await t.database.pool.query<{ tag: string; ended: boolean; soon: boolean; n: number }>(
      `select tag, end_date < $1 as ended, (end_date >= $1 and end_date <= $1 + interval '3 days') as soon,
              count(*)::int as n from projects group by 1, 2, 3`,
      [NOW],
    );
    expect(new Set(rows.map((r) => r.tag))).toEqual(new Set(TAG_NAMES));
    expect(rows.filter((r) => r.ended).reduce((n, r) => n + r.n, 0)).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.soon).reduce((n, r) => n + r.n, 0)).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => !r.ended && !r.soon).reduce((n, r) => n + r.n, 0)).toBeGreaterThanOrEqual(15);
    // As the lifecycle tick leaves projects: 'completed' once ended, 'active' before (search relies on it).
    const statuses = await t.database.pool.query<{ ended: boolean; status: string; n: number }>(
      `select end_date < $1 as ended, project_status as status, count(*)::int as n from projects group by 1, 2`,
      [NOW],
    );
    expect(statuses.rows.map((r) => `${r.ended ? 'ended' : 'live'}:${r.status}`).sort()).toEqual([
      'ended:completed',
      'live:active',
    ]);

    expect(await ledgerProblems(t.database.db)).toEqual([]);
    const money = await t.database.pool.query<{ deposits: number; donations: number; missed: number }>(
      `select (select count(*) from payments where kind = 'deposit' and status = 'succeeded')::int as deposits,
              (select count(*) from donations)::int as donations,
              (select count(*) from projects where missed_checkins > 0)::int as missed`,
    );
    expect(money.rows[0]!.deposits).toBe(DEMO_PROJECTS.length);
    expect(money.rows[0]!.donations).toBe(DEMO_PROJECTS.reduce((n, p) => n + (p.donations?.length ?? 0), 0));
    expect(money.rows[0]!.missed).toBeGreaterThanOrEqual(5);
    await countersMatchTheRules(t, NOW);
    // Every creator joined on or before the start of each of their projects.
    expect(await projectsBeforeTheirCreatorJoined(t)).toEqual([]);
  });

  it('fills every home section and answers every project page', async () => {
    const home = HomeResponseSchema.parse((await get(t.app, '/api/home')).json());
    expect(home.topFunded).toHaveLength(8);
    expect(home.finishingSoon).toHaveLength(8);
    expect(home.featured).toHaveLength(8);
    expect(home.byTag.every((s) => s.projects.length >= 3)).toBe(true);
    const { rows } = await t.database.pool.query<{ id: string }>('select id from projects');
    for (const { id } of rows) {
      const res = await get(t.app, `/api/projects/${id}`);
      expect(res.statusCode).toBe(200);
      const detail = ProjectDetailResponseSchema.parse(res.json());
      expect(detail.checkIns[0]!.updateText).toMatch(/Project created/);
      expect(detail.project.refundableCents).toBeGreaterThanOrEqual(detail.project.depositCents);
    }
  });

  it('gives demo creators a password nobody knows', async () => {
    const { rows } = await t.database.pool.query<{ email: string; password: string }>(
      `select u.email, a.password from users u join accounts a on a.user_id = u.id and a.provider_id = 'credential'`,
    );
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.password)).size).toBe(12);
    const res = await signIn(t.app, rows[0]!.email, 'password');
    expect(res.statusCode).toBe(401);
  });
});

describe('seeding at scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes N consistent projects with about 10 check-ins each, in batches', async () => {
    const progress: number[] = [];
    const result = await seedAtScale(t.database.pool, {
      projects: 300,
      now: NOW,
      seed: 1,
      batchSize: 120,
      onProgress: (p) => progress.push(p.projects),
    });
    expect(progress).toEqual([120, 240, 300]);
    expect(result).toMatchObject({ users: 30, projects: 300 });
    expect(result.checkIns / result.projects).toBeGreaterThan(6);
    expect(result.checkIns / result.projects).toBeLessThan(16);
    const { rows } = await t.database.pool.query<{ n: number; checkins: number; tallied: number }>(
      `select (select count(*) from projects)::int as n, (select count(*) from project_checkins)::int as checkins,
              (select sum(visible_count) from project_tallies)::int as tallied`,
    );
    expect(rows[0]).toEqual({ n: 300, checkins: result.checkIns, tallied: 300 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
    await countersMatchTheRules(t, NOW);
    const lengths = await t.database.pool.query<{ unit: string; fits: boolean }>(
      `select distinct total_length_unit as unit, bool_and(check_in_frequency_days * 2 <= total_length_days) as fits
         from projects group by 1`,
    );
    expect(lengths.rows.every((r) => r.fits)).toBe(true);
    expect(await projectsBeforeTheirCreatorJoined(t)).toEqual([]);
  });
});
