// Issue 24, privacy: an unlisted project is reachable by its link and absent from every list, count and
// profile; the owner chooses at creation and may change it later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryResponseSchema,
  HomeResponseSchema,
  ProjectDetailResponseSchema,
  ProjectListResponseSchema,
  PublicProfileResponseSchema,
  type HomeResponse,
} from '@kept/contract';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject } from './support/browse.ts';
import { createPaidProject } from './support/projects.ts';
import { makeWebDist } from './support/security.ts';
import { createUser, type SignedIn } from './support/users.ts';

const DAY = 86_400_000;
const WORD = 'zanzibarquokka';
const dist = makeWebDist();
let t: TestApp;
let owner: SignedIn & { email: string; password: string };
let viewer: SignedIn;
let unlisted: string;
let listed: string;
let unlistedSoon: string;

beforeAll(async () => {
  t = await createTestApp({ webDistDir: dist.dir });
  owner = await createUser(t.app);
  viewer = await createUser(t.app);
  // Through the real deposit path: the choice travels with the paid draft.
  unlisted = (
    await createPaidProject(t.app, {
      owner,
      draft: { title: `Hidden ${WORD}`, tag: 'Art', depositCents: 90_000, visibility: 'unlisted' },
    })
  ).projectId;
  listed = (await createPaidProject(t.app, { owner, draft: { title: `Shown ${WORD}`, tag: 'Art' } }))
    .projectId;
  // One ending tomorrow, for Finishing Soon.
  unlistedSoon = await insertProject(t.database.pool, {
    userId: owner.user.id,
    title: `Soon ${WORD}`,
    tag: 'Art',
    createdAt: new Date(Date.now() - 10 * DAY),
    endDate: new Date(Date.now() + DAY),
    depositCents: 99_000,
  });
  await t.database.pool.query(`update projects set visibility = 'unlisted' where id = $1`, [unlistedSoon]);
  // The viewer starred both unlisted projects while they could see them.
  for (const id of [unlisted, unlistedSoon])
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/projects/${id}/favorite`,
          headers: { cookie: viewer.cookie },
        })
      ).statusCode,
    ).toBe(200);
});
afterAll(async () => {
  await t.close();
  dist.remove();
});

const hidden = () => [unlisted, unlistedSoon];

function homeIds(home: HomeResponse): string[] {
  return [
    ...home.favorites,
    ...home.topFunded,
    ...home.finishingSoon,
    ...home.featured,
    ...home.byTag.flatMap((section) => section.projects),
    ...(home.results?.projects ?? []),
  ].map((card) => card.id);
}

/** Every list and count a visitor or the viewer can read, as ids and numbers. */
async function everyList(cookie?: string) {
  const opts = cookie ? { cookie } : {};
  const read = async <T>(url: string, parse: (body: unknown) => T): Promise<T> => {
    const res = await get(t.app, url, opts);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return parse(res.json());
  };
  const ids: string[] = [];
  const counts: Record<string, number> = {};
  ids.push(...homeIds(await read('/api/home', (b) => HomeResponseSchema.parse(b))));
  const filtered = await read(`/api/home?searchText=${WORD}`, (b) => HomeResponseSchema.parse(b));
  ids.push(...homeIds(filtered));
  counts.homeSearch = filtered.results?.total ?? -1;
  counts.visibleTotal = filtered.results?.visibleTotal ?? -1;
  for (const query of [
    `searchText=${WORD}`,
    `searchText=${WORD}&includeCompleted=true`,
    'categoryTags=Art',
  ]) {
    const list = await read(`/api/projects?${query}`, (b) => ProjectListResponseSchema.parse(b));
    ids.push(...list.projects.map((card) => card.id));
    counts[query] = list.total;
  }
  for (const slug of ['art', 'featured', 'top-funded', 'finishing-soon', 'favorites']) {
    for (const query of ['', '?includeCompleted=true']) {
      const page = await read(`/api/categories/${slug}${query}`, (b) => CategoryResponseSchema.parse(b));
      ids.push(...page.projects.map((card) => card.id));
      counts[`${slug}${query}`] = page.total;
    }
  }
  const profile = await read(`/api/users/${owner.user.username}`, (b) =>
    PublicProfileResponseSchema.parse(b),
  );
  ids.push(...[...profile.activeProjects, ...profile.completedProjects].map((card) => card.id));
  const favorites = await get(t.app, '/api/me/favorites', opts);
  return { ids, counts, favorites };
}

async function profilePreview(): Promise<string> {
  const res = await t.app.inject({ url: `/user/${owner.user.username}` });
  return res.body;
}

describe('unlisted projects', () => {
  it('never appear in any list or count, for a visitor or a viewer who starred them', async () => {
    for (const cookie of [undefined, viewer.cookie, owner.cookie]) {
      const { ids, counts } = await everyList(cookie);
      expect(ids).toContain(listed);
      for (const id of hidden()) expect(ids).not.toContain(id);
      // Only the one public project carries the word; the Art tag holds it alone.
      expect(counts.homeSearch).toBe(1);
      expect(counts[`searchText=${WORD}`]).toBe(1);
      expect(counts[`searchText=${WORD}&includeCompleted=true`]).toBe(1);
      expect(counts['categoryTags=Art']).toBe(1);
      expect(counts.art).toBe(1);
      expect(counts['art?includeCompleted=true']).toBe(1);
      expect(counts['finishing-soon']).toBe(0);
      expect(counts.visibleTotal).toBe(1);
    }
    const tallies = await t.database.pool.query(
      `select tag, visible_count::int as n from project_tallies where visible_count <> 0`,
    );
    expect(tallies.rows).toEqual([{ tag: 'Art', n: 1 }]);
  });

  it('stay reachable by their link, and show the owner which they are', async () => {
    const res = await get(t.app, `/api/projects/${unlisted}`);
    expect(res.statusCode).toBe(200);
    expect(ProjectDetailResponseSchema.parse(res.json()).project).toMatchObject({
      id: unlisted,
      visibility: 'unlisted',
    });
    const mine = await get(t.app, '/api/me/projects', { cookie: owner.cookie });
    expect(mine.json().activeProjects.map((card: { id: string }) => card.id)).toEqual(
      expect.arrayContaining([unlisted, unlistedSoon, listed]),
    );
  });

  it('leave the profile preview counts', async () => {
    expect(await profilePreview()).toContain('1 active project and 0 completed projects');
  });

  it('the owner may list one again and unlist it, and lists and counts follow', async () => {
    const change = (visibility: unknown, cookie = owner.cookie) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/projects/${unlisted}/visibility`,
        headers: { cookie },
        payload: { visibility },
      });
    expect((await change('public', viewer.cookie)).statusCode).toBe(403);
    const bad = await change('secret');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please choose who can find this project.');
    expect((await get(t.app, `/api/projects/${unlisted}`)).json().project.visibility).toBe('unlisted');

    expect((await change('public')).statusCode).toBe(200);
    let lists = await everyList(viewer.cookie);
    expect(lists.ids).toContain(unlisted);
    expect(lists.counts.art).toBe(2);
    expect(lists.counts.visibleTotal).toBe(2);

    expect((await change('unlisted')).statusCode).toBe(200);
    lists = await everyList(viewer.cookie);
    expect(lists.ids).not.toContain(unlisted);
    expect(lists.counts.art).toBe(1);
    expect(lists.counts.visibleTotal).toBe(1);
  });

  it('is public when the draft does not say', async () => {
    expect((await get(t.app, `/api/projects/${listed}`)).json().project.visibility).toBe('public');
  });
});
