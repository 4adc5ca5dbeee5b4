import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectListResponseSchema } from '@kept/contract';
import { checkInCounts, endDateFor, projectSchedule } from '@kept/domain';
import {
  computeProjectCounters,
  hasDueProjectCounters,
  refreshAllDueProjectCounters,
} from '../src/modules/projects/counters.ts';
import { refreshProjectCounters } from './support/counters.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject, insertUser, titles } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createPaidProject } from './support/projects.ts';

const DAY = 86_400_000;
const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
let t: TestApp;
let owner: { id: string; username: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await insertUser(t.database.pool);
});
afterAll(async () => {
  await t.close();
});

async function missed(query: Record<string, string>) {
  const res = await get(t.app, `/api/projects?${new URLSearchParams({ searchText: 'ctr', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return titles(ProjectListResponseSchema.parse(res.json()).projects).sort();
}

async function stored(id: string) {
  const { rows } = await t.database.pool.query<{ completed: number; missed: number; due: boolean }>(
    `select completed_checkins as completed, missed_checkins as missed, counters_valid_until <= $2 as due
       from projects where id = $1`,
    [id, clock.now()],
  );
  return rows[0]!;
}

describe('counters valid-until', () => {
  it('the counts hold from now until valid-until, for any project and check-ins', () => {
    const zones = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 5, 1) }),
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(...zones),
        fc.array(fc.integer({ min: 0, max: 70 }), { maxLength: 8 }),
        fc.integer({ min: -5 * DAY, max: 80 * DAY }),
        (created, lengthDays, frequencyChoice, timezone, checkInDays, nowOffset) => {
          const createdAt = new Date(created);
          const frequencyDays = Math.max(1, Math.min(frequencyChoice, Math.floor(lengthDays / 2)));
          const project = {
            createdAt,
            endDate: endDateFor(createdAt, lengthDays, timezone),
            totalLengthDays: lengthDays,
            checkInFrequencyDays: frequencyDays,
            timezone,
          };
          const checkIns = [
            { createdAt },
            ...checkInDays.map((d) => ({ createdAt: new Date(created + d * DAY) })),
          ].filter((c) => c.createdAt.getTime() <= created + nowOffset || c.createdAt === createdAt);
          const now = new Date(created + nowOffset);
          const counters = computeProjectCounters(project, checkIns, now);
          const schedule = projectSchedule(project);
          const at = (ms: number) => checkInCounts(schedule, checkIns, new Date(ms));
          const expected = at(now.getTime());
          expect([counters.completedCheckins, counters.missedCheckins]).toEqual([
            expected.completed,
            expected.missed,
          ]);
          if (counters.validUntil === null) {
            expect(now.getTime()).toBeGreaterThan(schedule.endsAt.getTime());
            expect(at(now.getTime() + 400 * DAY).missed).toBe(expected.missed);
            return;
          }
          const until = counters.validUntil.getTime();
          expect(until).toBeGreaterThan(now.getTime());
          for (const ms of [now.getTime() + 1, Math.floor((now.getTime() + until) / 2), until - 1]) {
            expect(at(ms).missed).toBe(expected.missed);
          }
        },
      ),
      { numRuns: 400, seed: 42 },
    );
  });
});

describe('counters in the database', () => {
  it('are recomputed when a period closes, before a check-in filter runs', async () => {
    const id = await insertProject(t.database.pool, {
      userId: owner.id,
      title: 'ctr weekly',
      createdAt: '2026-03-01T10:00:00Z',
      lengthDays: 30,
      frequencyDays: 7,
    });
    expect(await stored(id)).toMatchObject({ due: true });
    expect(await missed({ missedCheckinsMin: '1' })).toEqual([]);
    expect(await stored(id)).toEqual({ completed: 1, missed: 0, due: false });
    // The 03-08..03-14 period closes at the start of 03-15 without a check-in.
    clock.set(new Date('2026-03-14T23:59:59.999Z'));
    expect(await missed({ missedCheckinsMin: '1' })).toEqual([]);
    clock.set(new Date('2026-03-15T00:00:00Z'));
    expect(await missed({ missedCheckinsMin: '1' })).toEqual(['ctr weekly']);
    expect(await stored(id)).toEqual({ completed: 1, missed: 1, due: false });
  });

  it('are due from their valid-until instant on, deleted projects never', async () => {
    // Long before every other project here becomes due.
    const probe = new Date('2001-01-01T00:00:00Z');
    const id = await insertProject(t.database.pool, {
      userId: owner.id,
      title: 'ctr probe',
      createdAt: '2026-03-01T10:00:00Z',
    });
    await t.database.pool.query(`update projects set counters_valid_until = $2 where id = $1`, [id, probe]);
    expect(await hasDueProjectCounters(t.database.db, new Date(probe.getTime() - 1))).toBe(false);
    expect(await hasDueProjectCounters(t.database.db, probe)).toBe(true);
    await t.database.pool.query(`update projects set deleted_at = $2 where id = $1`, [id, clock.now()]);
    expect(await hasDueProjectCounters(t.database.db, probe)).toBe(false);
  });

  it('are marked due by any check-in write and refreshed by refreshProjectCounters', async () => {
    const id = await insertProject(t.database.pool, {
      userId: owner.id,
      title: 'ctr checked',
      createdAt: '2026-03-01T10:00:00Z',
      lengthDays: 30,
      frequencyDays: 7,
    });
    await refreshProjectCounters(t.database.db, id, clock.now());
    expect(await stored(id)).toEqual({ completed: 1, missed: 1, due: false });
    await t.database.pool.query(
      `insert into project_checkins (project_id, user_id, check_in_timezone, check_in_local_date, check_in_project_date)
       values ($1, $2, 'UTC', '2026-03-15', '2026-03-15')`,
      [id, owner.id],
    );
    expect((await stored(id)).due).toBe(true);
    await refreshProjectCounters(t.database.db, id, clock.now());
    expect(await stored(id)).toEqual({ completed: 2, missed: 1, due: false });
    expect(await missed({ completedCheckinsMin: '2' })).toEqual(['ctr checked']);
  });

  it('are brought up to date by a check-in itself, in its transaction', async () => {
    const { projectId, owner: creator } = await createPaidProject(t.app, {
      draft: { title: 'ctr live', frequencyValue: 1, frequencyUnit: 'days' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/check-ins`,
      headers: { cookie: creator.cookie },
      payload: { updateText: 'Day one' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(projectId)).toEqual({ completed: 1, missed: 0, due: false });
  });

  it('leave out of check-in filters a project whose counters cannot be brought up to date', async () => {
    const id = await insertProject(t.database.pool, {
      userId: owner.id,
      title: 'ctr locked',
      createdAt: '2026-03-01T10:00:00Z',
      lengthDays: 30,
      frequencyDays: 7,
    });
    const blocker = await t.database.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from projects where id = $1 for update', [id]);
      expect(await missed({ missedCheckinsMin: '0' })).not.toContain('ctr locked');
      expect(await missed({})).toContain('ctr locked');
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    expect(await missed({ missedCheckinsMin: '0' })).toContain('ctr locked');
  });

  it('cannot lack length or frequency: the schema refuses such projects', async () => {
    await expect(
      t.database.pool.query(
        `insert into projects (user_id, title, tag, deposit_amount, end_date, total_length_days, total_length_value,
           total_length_unit, check_in_frequency_days, check_in_frequency_value, check_in_frequency_unit, payment_intent_id)
         values ($1, 'ctr bad', 'Art', 100, now(), null, 1, 'days', null, 1, 'days', 'pi_bad')`,
        [owner.id],
      ),
    ).rejects.toThrow(/null value/);
  });

  it('are all brought up to date by the sweep, in batches', async () => {
    for (let i = 0; i < 5; i += 1) {
      await insertProject(t.database.pool, {
        userId: owner.id,
        title: `ctr sweep ${i}`,
        createdAt: '2026-03-01T10:00:00Z',
      });
    }
    clock.advance(7 * DAY);
    const refreshed = await refreshAllDueProjectCounters(t.database.db, clock.now(), 2);
    expect(refreshed).toBeGreaterThanOrEqual(5);
    const { rows } = await t.database.pool.query<{ n: number }>(
      'select count(*)::int as n from projects where counters_valid_until <= $1 and deleted_at is null',
      [clock.now()],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
