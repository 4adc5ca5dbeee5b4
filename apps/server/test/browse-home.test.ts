import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeResponseSchema, type HomeResponse, type ProjectCard } from '@kept/contract';
import { TAGS } from '@kept/domain';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject, insertUser, titles } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createUser } from './support/users.ts';

const NOW = new Date('2026-03-20T12:00:00Z');
const clock = manualClock(NOW);
const DAY = 86_400_000;
let t: TestApp;
let owner: { id: string; username: string };
const ids = new Map<string, string>();

/** A live project created on `created` (UTC) lasting `days`, with a refundable amount. */
async function live(title: string, refundableCents: number, extra: Record<string, unknown> = {}) {
  const id = await insertProject(t.database.pool, {
    userId: owner.id,
    title,
    createdAt: '2026-03-01T10:00:00Z',
    lengthDays: 60,
    depositCents: 2000,
    refundableCents,
    ...extra,
  });
  ids.set(title, id);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await insertUser(t.database.pool);
  // Largest Commitments and Editor's Picks material, across tags.
  await live('Marathon', 90_000, { tag: 'Fitness' });
  await live('Deck rebuild', 80_000, { tag: 'Home Improvements' });
  await live('Oil paintings', 70_000, { tag: 'Art' });
  await live('Novel draft', 60_000, { tag: 'Writing' });
  await live('Toastmasters', 50_000, { tag: 'Speaking' });
  await live('Quilt', 40_000, { tag: 'Crafting' });
  await live('Classics', 30_000, { tag: 'Reading' });
  // Music: six live ones, two tied, to check the per-tag limit and the tie order (by id).
  await live('Piano A', 20_000, { tag: 'Music' });
  await live('Piano B', 20_000, { tag: 'Music' });
  await live('Guitar', 19_000, { tag: 'Music' });
  await live('Drums', 18_000, { tag: 'Music' });
  await live('Violin', 17_000, { tag: 'Music' });
  await live('Flute', 16_000, { tag: 'Music' });
  // Completed: in no home section (the home has no includeCompleted).
  await live('Finished mural', 95_000, { tag: 'Art', createdAt: '2026-01-01T10:00:00Z', lengthDays: 30 });
  await live('Ended a moment ago', 85_000, {
    tag: 'Art',
    createdAt: '2026-02-01T10:00:00Z',
    endDate: new Date(NOW.getTime() - 1),
  });
  // Deleted: nowhere.
  await live('Deleted giant', 500_000, { tag: 'Fitness', deleted: true });
  // Finishing soon: end − now ≤ 3 days, soonest first.
  await live('Ends right now', 1_000, { tag: 'Reading', endDate: NOW });
  await live('Ends tomorrow night', 1_100, {
    tag: 'Reading',
    createdAt: '2026-02-20T10:00:00Z',
    lengthDays: 30,
  });
  await live('Ends in exactly 3 days', 1_200, { tag: 'Reading', endDate: new Date(NOW.getTime() + 3 * DAY) });
  await live('Ends 3 days and 1 ms', 1_300, {
    tag: 'Reading',
    endDate: new Date(NOW.getTime() + 3 * DAY + 1),
  });
});
afterAll(async () => {
  await t.close();
});

async function home(opts: { cookie?: string; cached?: boolean } = {}): Promise<HomeResponse> {
  const res = await get(t.app, '/api/home', opts);
  expect(res.statusCode).toBe(200);
  return HomeResponseSchema.parse(res.json());
}

/** Expected order: refundable desc, ties by id. */
function byRefundable(list: [string, number][]): string[] {
  return list
    .map(([title, cents]) => ({ title, cents, id: ids.get(title)! }))
    .sort((a, b) => b.cents - a.cents || (a.id < b.id ? -1 : 1))
    .map((p) => p.title);
}

describe('home sections', () => {
  it('answers every section in the contract, without favorites for anonymous visitors', async () => {
    const body = await home();
    expect(body.favorites).toEqual([]);
    expect(body.results).toBeUndefined();
    expect(body.byTag.map((s) => s.tag)).toEqual(TAGS.map((tag) => tag.name));
    expect(body.byTag.map((s) => s.slug)).toEqual(TAGS.map((tag) => tag.slug));
    const all: ProjectCard[] = [
      body.topFunded,
      body.finishingSoon,
      body.featured,
      ...body.byTag.map((s) => s.projects),
    ].flat();
    expect(all.every((card) => card.isFavorite === undefined && card.isOwn === undefined)).toBe(true);
    expect(titles(all)).not.toContain('Deleted giant');
  });

  it('lists Largest Commitments: live projects only, largest refundable first, 8 of them', async () => {
    const body = await home();
    expect(titles(body.topFunded)).toEqual([
      'Marathon',
      'Deck rebuild',
      'Oil paintings',
      'Novel draft',
      'Toastmasters',
      'Quilt',
      'Classics',
      ...byRefundable([
        ['Piano A', 20_000],
        ['Piano B', 20_000],
      ]).slice(0, 1),
    ]);
    expect(body.topFunded.every((card) => card.status !== 'completed')).toBe(true);
  });

  it("lists Editor's Picks: the top 8 live projects by refundable amount, completed ones hidden", async () => {
    const body = await home();
    expect(titles(body.featured)).toEqual([
      'Marathon',
      'Deck rebuild',
      'Oil paintings',
      'Novel draft',
      'Toastmasters',
      'Quilt',
      'Classics',
      ...byRefundable([
        ['Piano A', 20_000],
        ['Piano B', 20_000],
      ]).slice(0, 1),
    ]);
    expect(body.featured.every((card) => card.status !== 'completed')).toBe(true);
  });

  it('lists Finishing Soon: active and ending within 3 days (inclusive), soonest first, with badges', async () => {
    const body = await home();
    expect(titles(body.finishingSoon)).toEqual([
      'Ends right now',
      'Ends tomorrow night',
      'Ends in exactly 3 days',
    ]);
    expect(body.finishingSoon.map((c) => c.daysLeftBadge?.text)).toEqual([
      '1 day left',
      '2 days left',
      '3 days left',
    ]);
  });

  it('has one section per tag: live projects, largest refundable first, 4 each', async () => {
    const body = await home();
    const section = (tag: string) => titles(body.byTag.find((s) => s.tag === tag)!.projects);
    expect(section('Music')).toEqual([
      ...byRefundable([
        ['Piano A', 20_000],
        ['Piano B', 20_000],
      ]),
      'Guitar',
      'Drums',
    ]);
    expect(section('Art')).toEqual(['Oil paintings']);
    expect(section('Reading')).toEqual([
      'Classics',
      'Ends 3 days and 1 ms',
      'Ends in exactly 3 days',
      'Ends tomorrow night',
    ]);
    expect(section('Fitness')).toEqual(['Marathon']);
  });

  it('stays small: full sections with long titles and descriptions weigh under 40 KB', async () => {
    const local = await createTestApp({ clock: manualClock(NOW) });
    try {
      const user = await insertUser(local.database.pool, { username: 'a_rather_long_username_abcdefg' });
      const insertAll = async (imageUrl: (i: number) => string | null) => {
        for (const tag of TAGS) {
          for (let i = 0; i < 6; i += 1) {
            await insertProject(local.database.pool, {
              userId: user.id,
              tag: tag.name,
              title: `${tag.name} project ${i}: a title that is rather long for a card, at sixty`.slice(
                0,
                60,
              ),
              description: 'Long description. '.repeat(200),
              createdAt: '2026-03-18T10:00:00Z',
              lengthDays: 5,
              frequencyDays: 1,
              timezone: 'America/Argentina/Buenos_Aires',
              imageUrl: imageUrl(i),
            });
          }
        }
      };
      await insertAll(() => null);
      const res = await get(local.app, '/api/home');
      const body = HomeResponseSchema.parse(res.json());
      expect(body.topFunded).toHaveLength(8);
      expect(body.finishingSoon).toHaveLength(8);
      expect(body.featured).toHaveLength(8);
      expect(body.byTag.every((s) => s.projects.length === 4)).toBe(true);
      // A card carries what it shows, nothing more (decision 041): no description, owner or schedule.
      expect(Object.keys(body.topFunded[0]!).sort()).toEqual(
        ['daysLeftBadge', 'id', 'imageUrl', 'refundableCents', 'status', 'tag', 'title'].sort(),
      );
      expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(40 * 1024);

      // Pathological data (2 KB picture URLs) trims the longest sections instead of growing.
      await local.database.pool.query(
        `update projects set image_url = 'https://img.example.com/' || repeat('x', 2000)`,
      );
      const heavy = await get(local.app, '/api/home');
      const trimmed = HomeResponseSchema.parse(heavy.json());
      expect(Buffer.byteLength(heavy.body)).toBeLessThanOrEqual(40 * 1024);
      expect(trimmed.byTag.every((s) => s.projects.length >= 1)).toBe(true);
      expect(trimmed.topFunded.length).toBeGreaterThanOrEqual(1);
    } finally {
      await local.close();
    }
  });
});

describe('favorites on the home page', () => {
  it('shows a signed-in viewer their live favorites (largest first) and marks every card', async () => {
    const viewer = await createUser(t.app);
    for (const title of ['Quilt', 'Finished mural', 'Marathon']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${ids.get(title)}/favorite`,
        headers: { cookie: viewer.cookie },
      });
      if (res.statusCode >= 400) {
        // The favorites write path may not exist yet: star the project directly.
        await t.database.pool.query('insert into user_favorites (user_id, project_id) values ($1, $2)', [
          viewer.user.id,
          ids.get(title),
        ]);
      }
    }
    const body = await home({ cookie: viewer.cookie });
    expect(titles(body.favorites)).toEqual(['Marathon', 'Quilt']);
    expect(body.favorites.every((c) => c.isFavorite === true)).toBe(true);
    expect(body.topFunded.find((c) => c.title === 'Marathon')!.isFavorite).toBe(true);
    expect(body.topFunded.find((c) => c.title === 'Deck rebuild')!.isFavorite).toBe(false);
    expect(body.featured.find((c) => c.title === 'Marathon')!.isFavorite).toBe(true);
    expect(titles(body.featured)).not.toContain('Finished mural');
  });

  it("tells a signed-in viewer which cards are theirs ('Your Project'), and no one else's", async () => {
    const owner = await createUser(t.app);
    const marathon = ids.get('Marathon')!;
    const { rows } = await t.database.pool.query<{ user_id: string }>(
      'select user_id from projects where id = $1',
      [marathon],
    );
    await t.database.pool.query('update projects set user_id = $1 where id = $2', [owner.user.id, marathon]);
    try {
      const mine = await home({ cookie: owner.cookie });
      const cards = [mine.topFunded, mine.featured, ...mine.byTag.map((s) => s.projects)].flat();
      expect(cards.filter((c) => c.isOwn).map((c) => c.title)).toEqual(['Marathon', 'Marathon', 'Marathon']);
      expect(cards.every((c) => c.isOwn === (c.title === 'Marathon'))).toBe(true);
      const someoneElse = await home({ cookie: (await createUser(t.app)).cookie });
      expect(someoneElse.topFunded.every((c) => c.isOwn === false)).toBe(true);
    } finally {
      await t.database.pool.query('update projects set user_id = $1 where id = $2', [
        rows[0]!.user_id,
        marathon,
      ]);
    }
  });

  it('gives a signed-in viewer without favorites an empty Favorites section', async () => {
    const viewer = await createUser(t.app);
    const body = await home({ cookie: viewer.cookie });
    expect(body.favorites).toEqual([]);
    expect(body.topFunded[0]!.isFavorite).toBe(false);
  });
});

describe('the shared cache', () => {
  it('serves anonymous visitors the same answer for a few seconds, never a signed-in viewer', async () => {
    const localClock = manualClock(NOW);
    const app = await createTestApp({ clock: localClock });
    try {
      const user = await insertUser(app.database.pool);
      const insert = (title: string, refundableCents: number) =>
        insertProject(app.database.pool, {
          userId: user.id,
          title,
          createdAt: '2026-03-01T10:00:00Z',
          lengthDays: 60,
          refundableCents,
        });
      await insert('First', 1_000);
      const cachedHome = async (opts: { cookie?: string; cached?: boolean } = { cached: true }) =>
        HomeResponseSchema.parse((await get(app.app, '/api/home', opts)).json());
      expect(titles((await cachedHome()).topFunded)).toEqual(['First']);
      await insert('Second', 2_000);
      expect(titles((await cachedHome()).topFunded)).toEqual(['First']);
      expect(titles((await cachedHome({ cached: false })).topFunded)).toEqual(['Second', 'First']);
      const viewer = await createUser(app.app);
      expect(titles((await cachedHome({ cookie: viewer.cookie, cached: true })).topFunded)).toEqual([
        'Second',
        'First',
      ]);
      localClock.advance(2_999);
      expect(titles((await cachedHome()).topFunded)).toEqual(['First']);
      localClock.advance(1);
      expect(titles((await cachedHome()).topFunded)).toEqual(['Second', 'First']);
    } finally {
      await app.close();
    }
  });
});

describe('home with filters', () => {
  it('answers the filtered list in results, with empty sections', async () => {
    const res = await get(t.app, '/api/home?searchText=piano&categoryTags=Music');
    const body = HomeResponseSchema.parse(res.json());
    expect(body.topFunded).toEqual([]);
    expect(body.byTag.every((s) => s.projects.length === 0)).toBe(true);
    expect(body.results!.total).toBe(2);
    expect(titles(body.results!.projects).sort()).toEqual(['Piano A', 'Piano B']);
    expect(body.results!.visibleTotal).toBe(19);
  });

  it('refuses a malformed filter with the spec message', async () => {
    const res = await get(t.app, '/api/home?projectLengthMin=ten');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a valid number.');
  });
});
