import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryResponseSchema, type CategoryResponse } from '@kept/contract';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject, insertUser, titles } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createUser, type SignedIn } from './support/users.ts';

const NOW = new Date('2026-03-20T12:00:00Z');
const DAY = 86_400_000;
let t: TestApp;
let owner: { id: string; username: string };
let viewer: SignedIn;
const ids = new Map<string, string>();

async function add(title: string, tag: string, refundableCents: number, extra: Record<string, unknown> = {}) {
  const id = await insertProject(t.database.pool, {
    userId: owner.id,
    title,
    tag,
    createdAt: '2026-03-01T10:00:00Z',
    lengthDays: 60,
    depositCents: 1_000,
    refundableCents,
    ...extra,
  });
  ids.set(title, id);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(NOW) });
  owner = await insertUser(t.database.pool);
  viewer = await createUser(t.app);
  for (let i = 0; i < 7; i += 1) await add(`Art ${i}`, 'Art', 10_000 - i * 100);
  await add('Art finished', 'Art', 20_000, { createdAt: '2026-01-01T10:00:00Z', lengthDays: 30 });
  await add('Art deleted', 'Art', 30_000, { deleted: true });
  await add('Reading soon', 'Reading', 500, { endDate: new Date(NOW.getTime() + 2 * DAY) });
  await add('Reading sooner', 'Reading', 400, { endDate: new Date(NOW.getTime() + DAY) });
  await add('Home big', 'Home Improvements', 50_000);
});
afterAll(async () => {
  await t.close();
});

async function category(slug: string, query = '', cookie?: string): Promise<CategoryResponse> {
  const res = await get(t.app, `/api/categories/${slug}${query}`, cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(200);
  return CategoryResponseSchema.parse(res.json());
}

describe('category pages', () => {
  it('answers 404 for an unknown slug', async () => {
    const res = await get(t.app, '/api/categories/underwater-basket-weaving');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it("lists a tag's live projects largest first, with the count and heading; completed ones on request", async () => {
    const body = await category('art');
    expect(body).toMatchObject({ slug: 'art', heading: 'Art', total: 7, limit: 50, offset: 0 });
    expect(titles(body.projects)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `Art ${i}`));
    expect(body.projects.every((c) => c.isFavorite === undefined)).toBe(true);
    const all = await category('art', '?includeCompleted=true');
    expect(all).toMatchObject({ total: 8 });
    expect(titles(all.projects)).toEqual(['Art finished', ...[0, 1, 2, 3, 4, 5, 6].map((i) => `Art ${i}`)]);
    expect(all.projects[0]).toMatchObject({
      status: 'completed',
      amount: { kind: 'pool-at-end', cents: 20_000 },
    });
    const bySlug = await category('home-improvements');
    expect(bySlug).toMatchObject({ slug: 'home-improvements', heading: 'Home Improvements', total: 1 });
    const byName = await category(encodeURIComponent('Home Improvements'));
    expect(byName).toMatchObject({ slug: 'home-improvements', heading: 'Home Improvements', total: 1 });
    expect(await category('crafting')).toMatchObject({ heading: 'Crafting', total: 0, projects: [] });
  });

  it('pages a tag page and keeps the count', async () => {
    const first = await category('art', '?limit=3');
    const second = await category('art', '?limit=3&offset=3');
    const last = await category('art', '?limit=3&offset=6');
    expect([first, second, last].map((p) => p.projects.length)).toEqual([3, 3, 1]);
    expect([first, second, last].every((p) => p.total === 7)).toBe(true);
    expect(new Set([first, second, last].flatMap((p) => p.projects.map((c) => c.id))).size).toBe(7);
  });

  it('keeps counts exact through deletes, tag changes and restores', async () => {
    const withCompleted = '?includeCompleted=true';
    await t.database.pool.query('update projects set deleted_at = now() where id = $1', [ids.get('Art 6')]);
    expect((await category('art', withCompleted)).total).toBe(7);
    expect((await category('art')).total).toBe(6);
    await t.database.pool.query(`update projects set tag = 'Crafting' where id = $1`, [ids.get('Art 5')]);
    expect((await category('art', withCompleted)).total).toBe(6);
    expect((await category('art')).total).toBe(5);
    expect((await category('crafting', withCompleted)).total).toBe(1);
    expect((await category('crafting')).total).toBe(1);
    await t.database.pool.query(
      `update projects set tag = 'Art', deleted_at = null where id = any($1::uuid[])`,
      [[ids.get('Art 5'), ids.get('Art 6')]],
    );
    expect((await category('art', withCompleted)).total).toBe(8);
    expect((await category('art')).total).toBe(7);
    expect((await category('crafting')).total).toBe(0);
  });

  it("shows Editor's Picks (top 8) and Largest Commitments (everything, paged): live ones, completed on request", async () => {
    const featured = await category('featured');
    expect(featured).toMatchObject({ heading: "Editor's Picks", total: 8 });
    expect(titles(featured.projects)).toEqual([
      'Home big',
      'Art 0',
      'Art 1',
      'Art 2',
      'Art 3',
      'Art 4',
      'Art 5',
      'Art 6',
    ]);
    expect(titles((await category('featured', '?offset=6')).projects)).toEqual(['Art 5', 'Art 6']);
    const top = await category('top-funded', '?limit=2&offset=1');
    expect(top).toMatchObject({ heading: 'Largest Commitments', total: 10 });
    expect(titles(top.projects)).toEqual(['Art 0', 'Art 1']);

    const allFeatured = await category('featured', '?includeCompleted=true');
    expect(allFeatured).toMatchObject({ total: 8 });
    expect(titles(allFeatured.projects).slice(0, 3)).toEqual(['Home big', 'Art finished', 'Art 0']);
    const allTop = await category('top-funded', '?limit=2&offset=1&includeCompleted=true');
    expect(allTop).toMatchObject({ total: 11 });
    expect(titles(allTop.projects)).toEqual(['Art finished', 'Art 0']);
  });

  it('shows Finishing Soon: ending within 3 days, soonest first', async () => {
    const body = await category('finishing-soon');
    expect(body).toMatchObject({ heading: 'Finishing Soon', total: 2 });
    expect(titles(body.projects)).toEqual(['Reading sooner', 'Reading soon']);
    expect(body.projects[0]!.daysLeftBadge).toMatchObject({ days: 1, colour: 'red' });
  });

  it('shows favorites to their signed-in owner only, and marks favorites on every page', async () => {
    expect(await category('favorites')).toMatchObject({ heading: 'Favorites', total: 0, projects: [] });
    for (const title of ['Art 3', 'Art finished']) {
      await t.database.pool.query('insert into user_favorites (user_id, project_id) values ($1, $2)', [
        viewer.user.id,
        ids.get(title),
      ]);
    }
    const mine = await category('favorites', '', viewer.cookie);
    expect(mine.total).toBe(1);
    expect(titles(mine.projects)).toEqual(['Art 3']);
    const withCompleted = await category('favorites', '?includeCompleted=true', viewer.cookie);
    expect(withCompleted.total).toBe(2);
    expect(titles(withCompleted.projects)).toEqual(['Art finished', 'Art 3']);
    expect([...mine.projects, ...withCompleted.projects].every((c) => c.isFavorite)).toBe(true);
    expect(await category('favorites')).toMatchObject({ total: 0, projects: [] });
    const art = await category('art', '?includeCompleted=true', viewer.cookie);
    expect(art.projects.filter((c) => c.isFavorite).map((c) => c.title)).toEqual(['Art finished', 'Art 3']);
  });
});
