import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectListResponseSchema, filtersToQuery, type ProjectListResponse } from '@kept/contract';
import {
  defaultFilters,
  filterProjects,
  projectSchedule,
  projectStatus,
  projectSummary,
  type FilterableProject,
  type ProjectFilters,
} from '@kept/domain';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject, insertUser, titles, type ProjectInput } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createUser } from './support/users.ts';

const NOW = new Date('2026-03-20T12:00:00Z');
const clock = manualClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

async function search(
  query: Record<string, string>,
  opts: { cookie?: string } = {},
): Promise<ProjectListResponse> {
  const res = await get(t.app, `/api/projects?${new URLSearchParams(query)}`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return ProjectListResponseSchema.parse(res.json());
}

/** Titles matching `query` among the projects titled with `prefix` (each test owns a prefix). */
async function found(prefix: string, query: Record<string, string>, opts: { cookie?: string } = {}) {
  const body = await search({ searchText: prefix, limit: '200', ...query }, opts);
  return titles(body.projects).sort();
}

describe('numeric bounds are inclusive', () => {
  beforeAll(async () => {
    const owner = await insertUser(t.database.pool);
    const base = { userId: owner.id, createdAt: '2026-03-01T10:00:00Z', frequencyDays: 2 };
    await insertProject(t.database.pool, { ...base, title: 'bnd-a', refundableCents: 5_000, lengthDays: 30 });
    await insertProject(t.database.pool, { ...base, title: 'bnd-b', refundableCents: 7_500, lengthDays: 31 });
  });

  it('refund min and max include their own value, fractions round inward', async () => {
    expect(await found('bnd', { refundAmountMinCents: '5000' })).toEqual(['bnd-a', 'bnd-b']);
    expect(await found('bnd', { refundAmountMinCents: '5001' })).toEqual(['bnd-b']);
    expect(await found('bnd', { refundAmountMaxCents: '5000' })).toEqual(['bnd-a']);
    expect(await found('bnd', { refundAmountMaxCents: '4999' })).toEqual([]);
    expect(await found('bnd', { refundAmountMinCents: '4999.5', refundAmountMaxCents: '5000.5' })).toEqual([
      'bnd-a',
    ]);
    expect(await found('bnd', { refundAmountMinCents: '5000', refundAmountMaxCents: '7500' })).toEqual([
      'bnd-a',
      'bnd-b',
    ]);
  });

  it('length min and max include their own value', async () => {
    expect(await found('bnd', { projectLengthMax: '30' })).toEqual(['bnd-a']);
    expect(await found('bnd', { projectLengthMin: '31' })).toEqual(['bnd-b']);
    expect(await found('bnd', { projectLengthMin: '30', projectLengthMax: '31' })).toEqual([
      'bnd-a',
      'bnd-b',
    ]);
    expect(await found('bnd', { projectLengthMin: '32' })).toEqual([]);
  });

  it('completed check-ins min and max include their own value', async () => {
    const owner = await insertUser(t.database.pool);
    const base = { userId: owner.id, createdAt: '2026-03-01T10:00:00Z', lengthDays: 30, frequencyDays: 7 };
    await insertProject(t.database.pool, { ...base, title: 'cmp-one' });
    await insertProject(t.database.pool, {
      ...base,
      title: 'cmp-three',
      checkIns: ['2026-03-09', '2026-03-16'],
    });
    expect(await found('cmp', { completedCheckinsMin: '3' })).toEqual(['cmp-three']);
    expect(await found('cmp', { completedCheckinsMax: '1' })).toEqual(['cmp-one']);
    expect(await found('cmp', { completedCheckinsMin: '1', completedCheckinsMax: '3' })).toEqual([
      'cmp-one',
      'cmp-three',
    ]);
    expect(await found('cmp', { completedCheckinsMin: '2', completedCheckinsMax: '2' })).toEqual([]);
  });

  it('missed check-ins min and max include their own value', async () => {
    const owner = await insertUser(t.database.pool);
    const base = { userId: owner.id, createdAt: '2026-03-01T10:00:00Z', lengthDays: 30, frequencyDays: 7 };
    // Periods 03-01, 03-08, 03-15 (open on 03-20): 03-08 missed unless checked in.
    await insertProject(t.database.pool, { ...base, title: 'mis-none', checkIns: ['2026-03-10'] });
    await insertProject(t.database.pool, { ...base, title: 'mis-one' });
    // Every 2 days from 03-10: 03-12, 03-14, 03-18 periods missed; 03-16 kept; 03-20 open.
    await insertProject(t.database.pool, {
      ...base,
      title: 'mis-three',
      createdAt: '2026-03-10T08:00:00Z',
      frequencyDays: 2,
      checkIns: ['2026-03-17'],
    });
    expect(await found('mis', { missedCheckinsMin: '1', missedCheckinsMax: '1' })).toEqual(['mis-one']);
    expect(await found('mis', { missedCheckinsMax: '0' })).toEqual(['mis-none']);
    expect(await found('mis', { missedCheckinsMin: '3' })).toEqual(['mis-three']);
    expect(await found('mis', { missedCheckinsMin: '0', missedCheckinsMax: '3' })).toEqual([
      'mis-none',
      'mis-one',
      'mis-three',
    ]);
    expect(await found('mis', { missedCheckinsMin: '2', missedCheckinsMax: '2' })).toEqual([]);
  });
});

describe('date bounds', () => {
  let viewer: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    const owner = await insertUser(t.database.pool);
    // Created at the last millisecond of 03-10 (UTC); that is 03-10 evening in New York.
    await insertProject(t.database.pool, {
      userId: owner.id,
      title: 'dt-late',
      createdAt: '2026-03-10T23:59:59.999Z',
      endDate: '2026-03-25T23:59:59.999Z',
    });
    // 03-11 03:00 UTC is still 03-10 in New York.
    await insertProject(t.database.pool, {
      userId: owner.id,
      title: 'dt-utc-next-day',
      createdAt: '2026-03-11T03:00:00Z',
      endDate: '2026-03-26T03:00:00Z',
    });
    viewer = await createUser(t.app, { timezone: 'America/New_York' });
  });

  it('a created-to date takes its whole day; a created-from date starts at its first instant', async () => {
    expect(await found('dt', { createdDateTo: '2026-03-10' })).toEqual(['dt-late']);
    expect(await found('dt', { createdDateTo: '2026-03-09' })).toEqual([]);
    expect(await found('dt', { createdDateFrom: '2026-03-10', createdDateTo: '2026-03-10' })).toEqual([
      'dt-late',
    ]);
    expect(await found('dt', { createdDateFrom: '2026-03-11' })).toEqual(['dt-utc-next-day']);
  });

  it('an end-to date takes its whole day', async () => {
    expect(await found('dt', { endDateTo: '2026-03-25' })).toEqual(['dt-late']);
    expect(await found('dt', { endDateTo: '2026-03-24' })).toEqual([]);
    expect(await found('dt', { endDateFrom: '2026-03-26' })).toEqual(['dt-utc-next-day']);
    expect(await found('dt', { endDateFrom: '2026-03-25', endDateTo: '2026-03-26' })).toEqual([
      'dt-late',
      'dt-utc-next-day',
    ]);
  });

  it("reads dates in the viewer's zone: the timeZone parameter, or a signed-in viewer's own", async () => {
    const nyDay = { createdDateFrom: '2026-03-10', createdDateTo: '2026-03-10' };
    expect(await found('dt', { ...nyDay, timeZone: 'America/New_York' })).toEqual([
      'dt-late',
      'dt-utc-next-day',
    ]);
    expect(await found('dt', { ...nyDay, timeZone: 'Not/A_Zone' })).toEqual(['dt-late']);
    expect(await found('dt', nyDay, { cookie: viewer.cookie })).toEqual(['dt-late', 'dt-utc-next-day']);
    expect(await found('dt', { ...nyDay, timeZone: 'UTC' }, { cookie: viewer.cookie })).toEqual([
      'dt-late',
      'dt-utc-next-day',
    ]);
  });
});

describe('completed projects, tags and search text', () => {
  beforeAll(async () => {
    const maya = await insertUser(t.database.pool, { username: 'MayaStrings' });
    const other = await insertUser(t.database.pool);
    await insertProject(t.database.pool, {
      userId: maya.id,
      title: 'srch Learn guitar',
      description: 'Scales every MORNING',
      tag: 'Music',
      createdAt: '2026-03-01T10:00:00Z',
    });
    await insertProject(t.database.pool, {
      userId: other.id,
      title: 'srch Paint daily',
      description: '100% effort, under_score',
      tag: 'Art',
      createdAt: '2026-03-01T10:00:00Z',
    });
    await insertProject(t.database.pool, {
      userId: other.id,
      title: 'srch Old guitar project',
      tag: 'Music',
      createdAt: '2026-01-01T10:00:00Z',
      lengthDays: 10,
      frequencyDays: 5,
    });
    await insertProject(t.database.pool, {
      userId: other.id,
      title: 'srch Settled guitar project',
      tag: 'Music',
      createdAt: '2026-01-05T10:00:00Z',
      lengthDays: 10,
      frequencyDays: 5,
      status: 'settled',
    });
    await insertProject(t.database.pool, {
      userId: other.id,
      title: 'srch Deleted guitar',
      tag: 'Music',
      createdAt: '2026-03-01T10:00:00Z',
      deleted: true,
    });
  });

  it('hides completed projects unless includeCompleted, and never shows deleted ones', async () => {
    expect(await found('srch', {})).toEqual(['srch Learn guitar', 'srch Paint daily']);
    // The old project is past its end but not yet moved on (status 'active'); the settled one is
    // found through the other status half of the search (queries.ts, matchingRows).
    expect(await found('srch', { includeCompleted: 'true' })).toEqual([
      'srch Learn guitar',
      'srch Old guitar project',
      'srch Paint daily',
      'srch Settled guitar project',
    ]);
    expect(await found('srch', { searchText: 'srch guitar', includeCompleted: 'true' })).toEqual([
      'srch Learn guitar',
      'srch Old guitar project',
      'srch Settled guitar project',
    ]);
    const counted = await search({ searchText: 'srch guitar', includeCompleted: 'true', offset: '10' });
    expect(counted.projects).toEqual([]);
    expect(counted.total).toBe(3);
  });

  it('keeps only the chosen tags', async () => {
    expect(await found('srch', { categoryTags: 'Art' })).toEqual(['srch Paint daily']);
    expect(await found('srch', { categoryTags: 'Art,Music', includeCompleted: 'true' })).toHaveLength(4);
    expect(await found('srch', { categoryTags: 'Reading' })).toEqual([]);
  });

  it('needs every word, case-insensitively, in title, description, tag or creator', async () => {
    expect(await found('srch', { searchText: 'srch GUITAR morning' })).toEqual(['srch Learn guitar']);
    expect(await found('srch', { searchText: 'srch mayastr' })).toEqual(['srch Learn guitar']);
    expect(await found('srch', { searchText: 'srch music' })).toEqual(['srch Learn guitar']);
    expect(await found('srch', { searchText: 'srch guitar paint' })).toEqual([]);
  });

  it('treats %, _ and backslash as plain characters', async () => {
    expect(await found('srch', { searchText: 'srch 100%' })).toEqual(['srch Paint daily']);
    expect(await found('srch', { searchText: 'srch %' })).toEqual(['srch Paint daily']);
    expect(await found('srch', { searchText: 'srch under_score' })).toEqual(['srch Paint daily']);
    expect(await found('srch', { searchText: 'srch a_d' })).toEqual([]);
    expect(await found('srch', { searchText: 'srch \\' })).toEqual([]);
  });
});

describe('counts and pages', () => {
  it("pages through matches 50 at a time, largest refundable first, with 'X of Y' counts", async () => {
    const owner = await insertUser(t.database.pool);
    for (let i = 0; i < 120; i += 1) {
      await insertProject(t.database.pool, {
        userId: owner.id,
        title: `pg-${String(i).padStart(3, '0')}`,
        tag: 'Crafting',
        createdAt: '2026-03-01T10:00:00Z',
        refundableCents: 1_000 + (i % 7) * 100,
      });
    }
    const { rows } = await t.database.pool.query<{ n: number }>(
      'select count(*)::int as n from projects where deleted_at is null',
    );
    const pages = [];
    for (const offset of [0, 50, 100])
      pages.push(await search({ searchText: 'pg-', offset: String(offset) }));
    expect(pages.map((p) => p.projects.length)).toEqual([50, 50, 20]);
    expect(pages.every((p) => p.total === 120 && !p.totalCapped)).toBe(true);
    expect(pages.every((p) => p.visibleTotal === rows[0]!.n)).toBe(true);
    expect(pages.map((p) => [p.limit, p.offset])).toEqual([
      [50, 0],
      [50, 50],
      [50, 100],
    ]);
    const all = pages.flatMap((p) => p.projects);
    expect(new Set(all.map((c) => c.id)).size).toBe(120);
    const sorted = [...all].sort((a, b) => b.refundableCents - a.refundableCents || (a.id < b.id ? -1 : 1));
    expect(all.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    const beyond = await search({ searchText: 'pg-', offset: '150' });
    expect(beyond).toMatchObject({ projects: [], total: 120, totalCapped: false });
  });

  it("counts up to 1,000 matches, says '1,000+' past that, and still pages in order beyond it", async () => {
    const owner = await insertUser(t.database.pool);
    // 1,120 live matches in one statement (the read model only), refundable amounts with ties.
    await t.database.pool.query(
      `insert into projects (user_id, title, tag, description, deposit_amount, refundable_amount, created_at,
         end_date, total_length_days, total_length_value, total_length_unit, check_in_frequency_days,
         check_in_frequency_value, check_in_frequency_unit, project_timezone, payment_intent_id)
       select $1, 'capx-' || lpad(i::text, 4, '0'), 'Reading', 'A goal worth keeping', 5000,
              5000 + (i % 37) * 100, '2026-03-01T10:00:00Z', '2026-04-30T23:59:59.999Z', 60, 60, 'days', 7, 7,
              'days', 'UTC', 'pi_capx_' || i
         from generate_series(1, 1120) as i`,
      [owner.id],
    );
    const expected = (
      await t.database.pool.query<{ id: string }>(
        `select id from projects where title like 'capx-%' order by refundable_amount desc, id`,
      )
    ).rows.map((row) => row.id);
    expect(expected).toHaveLength(1120);

    const first = await search({ searchText: 'capx-' });
    expect(first).toMatchObject({ total: 1000, totalCapped: true, limit: 50, offset: 0 });
    expect(first.projects.map((c) => c.id)).toEqual(expected.slice(0, 50));
    // A tag and a refund bound keep it capped (the bench's search shape).
    const tagged = await search({
      searchText: 'capx-',
      categoryTags: 'Reading',
      refundAmountMinCents: '5000',
    });
    expect(tagged).toMatchObject({ total: 1000, totalCapped: true });
    expect(tagged.projects.map((c) => c.id)).toEqual(expected.slice(0, 50));

    // Deep pages count two pages past their start: capped while more than that remain, then exact.
    const deep = await search({ searchText: 'capx-', offset: '1000' });
    expect(deep).toMatchObject({ total: 1100, totalCapped: true });
    expect(deep.projects.map((c) => c.id)).toEqual(expected.slice(1000, 1050));
    const later = await search({ searchText: 'capx-', offset: '1050' });
    expect(later).toMatchObject({ total: 1120, totalCapped: false });
    expect(later.projects.map((c) => c.id)).toEqual(expected.slice(1050, 1100));
    const last = await search({ searchText: 'capx-', offset: '1100' });
    expect(last.projects.map((c) => c.id)).toEqual(expected.slice(1100));
    expect(await search({ searchText: 'capx-', offset: '1500' })).toMatchObject({
      projects: [],
      total: 1120,
      totalCapped: false,
    });

    // Every match once, in order, paging 200 at a time across the cap.
    const seen: string[] = [];
    for (let offset = 0; offset < 1120; offset += 200)
      seen.push(
        ...(await search({ searchText: 'capx-', limit: '200', offset: String(offset) })).projects.map(
          (c) => c.id,
        ),
      );
    expect(seen).toEqual(expected);

    // 1,100 more matches of another word, every one behind the 1,120 above in refundable order: the
    // page is not among the first 1,000 candidates in that order, so it is sorted out of every match.
    await t.database.pool.query(
      `insert into projects (user_id, title, tag, description, deposit_amount, refundable_amount, created_at,
         end_date, total_length_days, total_length_value, total_length_unit, check_in_frequency_days,
         check_in_frequency_value, check_in_frequency_unit, project_timezone, payment_intent_id)
       select $1, 'capy-' || lpad(i::text, 4, '0'), 'Reading', 'A goal worth keeping', 100, 100 + i % 3,
              '2026-03-01T10:00:00Z', '2026-04-30T23:59:59.999Z', 60, 60, 'days', 7, 7, 'days', 'UTC',
              'pi_capy_' || i
         from generate_series(1, 1100) as i`,
      [owner.id],
    );
    const rare = (
      await t.database.pool.query<{ id: string }>(
        `select id from projects where title like 'capy-%' order by refundable_amount desc, id`,
      )
    ).rows.map((row) => row.id);
    const behind = await search({ searchText: 'capy-' });
    expect(behind).toMatchObject({ total: 1000, totalCapped: true });
    expect(behind.projects.map((c) => c.id)).toEqual(rare.slice(0, 50));
    const behindDeep = await search({ searchText: 'capy-', categoryTags: 'Reading', offset: '950' });
    expect(behindDeep).toMatchObject({ total: 1050, totalCapped: true });
    expect(behindDeep.projects.map((c) => c.id)).toEqual(rare.slice(950, 1000));
  });

  it('answers a search that matches nothing with 0 of Y, without counting the matches again', async () => {
    const { rows } = await t.database.pool.query<{ n: number }>(
      'select count(*)::int as n from projects where deleted_at is null',
    );
    const pool = t.database.pool;
    const query = pool.query;
    const texts: string[] = [];
    pool.query = ((...args: Parameters<typeof query>) => {
      const first = args[0] as unknown;
      texts.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
      return (query as (...a: unknown[]) => unknown).apply(pool, args);
    }) as typeof query;
    let body: ProjectListResponse;
    try {
      body = await search({ searchText: 'no project is called this', offset: '0' });
    } finally {
      pool.query = query;
    }
    expect(body).toMatchObject({ projects: [], total: 0, visibleTotal: rows[0]!.n, offset: 0 });
    expect(texts.some((text) => text.includes('project_tallies'))).toBe(true);
    expect(texts.filter((text) => /count\(\*\)/.test(text) && !text.includes('with m as'))).toEqual([]);
  });
});

describe('the server agrees with the shared filter rules', () => {
  const zones = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati'];
  const words = ['guitar', 'paint', 'run', 'read', 'daily', 'novel'];
  const inputs: (ProjectInput & { username: string; checkInDates: string[] })[] = [];

  beforeAll(async () => {
    const rand = fc.sample(
      fc.record({
        created: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 2, 20, 11) }),
        lengthDays: fc.integer({ min: 2, max: 90 }),
        frequencyChoice: fc.integer({ min: 1, max: 14 }),
        zone: fc.constantFrom(...zones),
        refund: fc.integer({ min: 1_000, max: 60_000 }),
        tag: fc.constantFrom('Art', 'Music', 'Reading', 'Fitness'),
        titleWords: fc.subarray(words, { minLength: 1, maxLength: 3 }),
        owner: fc.integer({ min: 0, max: 3 }),
        checkInDays: fc.subarray([1, 2, 3, 5, 8, 9, 13, 20, 30, 45, 60], { maxLength: 6 }),
        endedStatus: fc.constantFrom('active', 'completed', 'settled'),
      }),
      { numRuns: 60, seed: 20260320 },
    );
    const owners = [];
    for (const name of ['xc_guitarist', 'xc_reader', 'xc_runner', 'xc_painter'])
      owners.push(await insertUser(t.database.pool, { username: name }));
    for (const [i, r] of rand.entries()) {
      const created = new Date(r.created);
      const frequencyDays = Math.max(1, Math.min(r.frequencyChoice, Math.floor(r.lengthDays / 2)));
      const checkInDates = r.checkInDays
        .map((d) => new Date(r.created + d * 86_400_000))
        .filter((d) => d.getTime() <= NOW.getTime())
        .map((d) => d.toISOString().slice(0, 10));
      const owner = owners[r.owner]!;
      const endsAt = projectSchedule({
        createdAt: created,
        totalLengthDays: r.lengthDays,
        checkInFrequencyDays: frequencyDays,
        timezone: r.zone,
      }).endsAt;
      const input = {
        userId: owner.id,
        username: owner.username,
        title: `xc${i} ${r.titleWords.join(' ')}`,
        description: `About ${r.titleWords[0]}`,
        tag: r.tag,
        createdAt: created,
        lengthDays: r.lengthDays,
        frequencyDays,
        timezone: r.zone,
        refundableCents: r.refund,
        depositCents: 1_000,
        checkIns: checkInDates,
        checkInDates,
        // An ended project keeps 'active' until the lifecycle moves it on, then 'completed' or 'settled'.
        status: endsAt.getTime() < NOW.getTime() ? r.endedStatus : 'active',
      };
      inputs.push(input);
      await insertProject(t.database.pool, input);
    }
  });

  function expected(filters: ProjectFilters, timeZone: string): string[] {
    const projects: (FilterableProject & { id: string })[] = inputs.map((p) => {
      const schedule = {
        createdAt: new Date(p.createdAt),
        totalLengthDays: p.lengthDays!,
        checkInFrequencyDays: p.frequencyDays!,
        timezone: p.timezone!,
      };
      const endsAt = projectSchedule(schedule).endsAt;
      const checkIns = [
        { createdAt: new Date(p.createdAt) },
        ...p.checkInDates.map((d) => ({ checkInProjectDate: d, createdAt: new Date(`${d}T12:00:00Z`) })),
      ];
      const summary = projectSummary({ ...schedule, endDate: endsAt }, checkIns, NOW);
      return {
        id: p.title!,
        title: p.title!,
        description: p.description!,
        tag: p.tag!,
        username: p.username,
        createdAt: new Date(p.createdAt),
        endsAt,
        status: projectStatus(summary.startsAt, endsAt, NOW),
        refundableCents: p.refundableCents!,
        totalLengthDays: p.lengthDays!,
        checkInFrequencyDays: p.frequencyDays!,
        missedCheckIns: summary.missedCheckIns,
        completedCheckIns: summary.completedCheckIns,
      };
    });
    return filterProjects(projects, filters, { timeZone })
      .map((p) => p.id)
      .sort();
  }

  it('finds exactly the projects projectMatchesFilters accepts, for many filter sets', async () => {
    const bound = (max: number) => fc.option(fc.integer({ min: 0, max }), { nil: null, freq: 2 });
    const date = fc.option(
      fc
        .integer({ min: Date.UTC(2025, 11, 25), max: Date.UTC(2026, 5, 30) })
        .map((ms) => new Date(ms).toISOString().slice(0, 10)),
      { nil: null, freq: 2 },
    );
    const filters = fc.record({
      searchText: fc.constantFrom(
        'xc',
        'xc guitar',
        'xc GUITAR daily',
        'xc about run',
        'xc music',
        'xc_read',
        'xc paint novel',
      ),
      categoryTags: fc.subarray(['Art', 'Music', 'Reading', 'Fitness']),
      createdDateFrom: date,
      createdDateTo: date,
      endDateFrom: date,
      endDateTo: date,
      refundAmountMinCents: bound(60_000),
      refundAmountMaxCents: bound(60_000),
      missedCheckinsMin: bound(6),
      missedCheckinsMax: bound(6),
      completedCheckinsMin: bound(6),
      completedCheckinsMax: bound(6),
      projectLengthMin: bound(90),
      projectLengthMax: bound(90),
      includeCompleted: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(filters, fc.constantFrom(...zones), async (value, timeZone) => {
        const chosen: ProjectFilters = { ...defaultFilters(), ...value };
        const body = await search({ ...filtersToQuery({ ...chosen, limit: 200 }), timeZone });
        const got = titles(body.projects)
          .filter((title) => title.startsWith('xc'))
          .sort();
        expect(got).toEqual(expected(chosen, timeZone));
        expect(body.total).toBe(got.length);
      }),
      { numRuns: 80, seed: 7 },
    );
  });
});
