// One rule for completed projects in every list (spec §4; the domain's isListed and cardAmount): no
// list shows them without includeCompleted; with it, a completed card says so (status 'completed')
// and carries the settled figure instead of the old pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryResponseSchema,
  HomeResponseSchema,
  ProjectListResponseSchema,
  type ProjectCard,
} from '@kept/contract';
import { TAGS, settle } from '@kept/domain';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject, insertUser, titles } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createUser, type SignedIn } from './support/users.ts';

const NOW = new Date('2026-03-20T12:00:00Z');
let t: TestApp;
let viewer: SignedIn;
const ids = new Map<string, string>();
/** The settled project: $20.00, 10 check-ins, 3 missed → R = $14.00, F = $6.00. */
const SETTLED = settle({ poolCents: 2_000, depositCents: 2_000, totalCheckIns: 10, missedCheckIns: 3 });
const COMPLETED = ['cmp settled', 'cmp ended'];

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(NOW) });
  const owner = await insertUser(t.database.pool);
  viewer = await createUser(t.app);
  const add = async (title: string, extra: Record<string, unknown>) => {
    ids.set(
      title,
      await insertProject(t.database.pool, {
        userId: owner.id,
        title,
        tag: 'Fitness',
        createdAt: '2026-03-01T10:00:00Z',
        lengthDays: 60,
        depositCents: 2_000,
        ...extra,
      }),
    );
  };
  // The largest projects are the completed ones, so every list that showed completed projects would
  // put them first.
  await add('cmp settled', {
    refundableCents: 0,
    createdAt: '2026-01-01T10:00:00Z',
    lengthDays: 70,
    frequencyDays: 7,
    status: 'completed',
  });
  await add('cmp ended', {
    refundableCents: 900_000,
    createdAt: '2026-02-01T10:00:00Z',
    endDate: new Date(NOW.getTime() - 60_000),
  });
  await add('cmp live', { refundableCents: 3_000 });
  await add('cmp ending', { refundableCents: 2_500, endDate: new Date(NOW.getTime() + 86_400_000) });
  // The settle job's record for 'cmp settled' (its pool is empty once settled).
  await t.database.pool.query(
    `insert into settlements (project_id, user_id, refund_status, pool_cents, deposit_cents, total_checkins,
       missed_checkins, refund_cents, forfeit_cents, refund_to_card_cents, payout_cents, payment_intent_id,
       refund_key, payout_status, refunded_at, settled_at)
     values ($1, $2, 'refunded', $3, 2000, 10, 3, $4, $5, $6, $7, 'pi_cmp', 'refund_cmp', 'none', $8, $8)`,
    [
      ids.get('cmp settled'),
      owner.id,
      SETTLED.poolCents,
      SETTLED.refundCents,
      SETTLED.forfeitCents,
      SETTLED.refundToCardCents,
      SETTLED.payoutCents,
      new Date('2026-03-12T01:00:00Z'),
    ],
  );
  for (const title of [...COMPLETED, 'cmp live']) {
    await t.database.pool.query('insert into user_favorites (user_id, project_id) values ($1, $2)', [
      viewer.user.id,
      ids.get(title),
    ]);
  }
});
afterAll(async () => {
  await t.close();
});

async function json<T>(url: string, parse: { parse: (v: unknown) => T }, cookie?: string): Promise<T> {
  const res = await get(t.app, url, cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(200);
  return parse.parse(res.json());
}

function expectSettledFigures(cards: ProjectCard[]) {
  const settled = cards.find((c) => c.title === 'cmp settled')!;
  expect(settled).toMatchObject({
    status: 'completed',
    amount: { kind: 'settled-refund', cents: 1_400 },
  });
  const ended = cards.find((c) => c.title === 'cmp ended')!;
  expect(ended).toMatchObject({ status: 'completed', amount: { kind: 'pool-at-end', cents: 900_000 } });
  const live = cards.find((c) => c.title === 'cmp live')!;
  expect(live.status).toBe('active');
  expect(live.amount).toBeUndefined();
}

describe('completed projects in lists', () => {
  it('are in no home section, for visitors and signed-in viewers alike', async () => {
    for (const cookie of [undefined, viewer.cookie]) {
      const home = await json('/api/home', HomeResponseSchema, cookie);
      const all = [
        home.topFunded,
        home.finishingSoon,
        home.featured,
        home.favorites,
        ...home.byTag.map((s) => s.projects),
      ].flat();
      for (const title of COMPLETED) expect(titles(all)).not.toContain(title);
      expect(titles(home.featured)).toContain('cmp live');
      expect(all.every((c) => c.status !== 'completed')).toBe(true);
    }
  });

  it('are on no category page without includeCompleted, and counted nowhere there', async () => {
    const slugs = ['featured', 'top-funded', 'finishing-soon', 'favorites', ...TAGS.map((tag) => tag.slug)];
    for (const slug of slugs) {
      const page = await json(`/api/categories/${slug}`, CategoryResponseSchema, viewer.cookie);
      for (const title of COMPLETED) expect(titles(page.projects), slug).not.toContain(title);
      expect(
        page.projects.every((c) => c.status !== 'completed'),
        slug,
      ).toBe(true);
    }
    const fitness = await json('/api/categories/fitness', CategoryResponseSchema);
    expect(fitness).toMatchObject({ total: 2 });
    expect(titles(fitness.projects)).toEqual(['cmp live', 'cmp ending']);
    const favorites = await json('/api/categories/favorites', CategoryResponseSchema, viewer.cookie);
    expect(favorites).toMatchObject({ total: 1 });
  });

  it('are not in the filtered list without includeCompleted', async () => {
    const list = await json('/api/projects?searchText=cmp', ProjectListResponseSchema);
    expect(titles(list.projects)).toEqual(['cmp live', 'cmp ending']);
    expect(list.total).toBe(2);
  });

  it('with includeCompleted, carry their completed status and settled figure everywhere', async () => {
    const list = await json('/api/projects?searchText=cmp&includeCompleted=true', ProjectListResponseSchema);
    expect(titles(list.projects)).toEqual(['cmp ended', 'cmp live', 'cmp ending', 'cmp settled']);
    expectSettledFigures(list.projects);

    const home = await json('/api/home?searchText=cmp&includeCompleted=true', HomeResponseSchema);
    expectSettledFigures(home.results!.projects);

    for (const slug of ['fitness', 'top-funded', 'featured', 'favorites']) {
      const page = await json(
        `/api/categories/${slug}?includeCompleted=true`,
        CategoryResponseSchema,
        viewer.cookie,
      );
      expect(titles(page.projects), slug).toEqual(expect.arrayContaining(COMPLETED));
      expectSettledFigures(page.projects);
    }
    const fitness = await json('/api/categories/fitness?includeCompleted=true', CategoryResponseSchema);
    expect(fitness.total).toBe(4);
  });

  it('show the settled figure on their own page too', async () => {
    const res = await get(t.app, `/api/projects/${ids.get('cmp settled')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      status: 'completed',
      amount: { kind: 'settled-refund', cents: 1_400 },
    });
  });
});
