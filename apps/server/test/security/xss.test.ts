// Stored XSS: script payloads in project titles and descriptions, check-in texts, donor names and
// usernames are kept verbatim and come back as inert JSON (application/json, nosniff); the pages the
// server writes itself (link previews of /project/{id} and /user/{username}) escape them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertUser } from '../support/browse.ts';
import { manualClock } from '../support/clock.ts';
import { createPaidProject, donate } from '../support/projects.ts';
import { makeWebDist } from '../support/security.ts';
import { createUser, signUp, type SignedIn } from '../support/users.ts';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><script>alert(document.cookie)</script>',
  "'><img src=x onerror=alert(1)>",
  '</title><script>alert(1)</script>',
  '</head><body onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  "$&$'$` </head>",
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '\u2028\u2029<!--',
];

const clock = manualClock();
const dist = makeWebDist();
let t: TestApp;
let owner: SignedIn;
let projectId: string;
let indexHtml: string;

beforeAll(async () => {
  t = await createTestApp({ clock, webDistDir: dist.dir });
  owner = await createUser(t.app);
  ({ projectId } = await createPaidProject(t.app, {
    owner,
    draft: { title: PAYLOADS[0], description: PAYLOADS.join(' ') },
  }));
  indexHtml = (await t.app.inject({ url: '/how-it-works' })).body;
});
afterAll(async () => {
  await t.close();
  dist.remove();
});

/** The page is index.html plus escaped preview tags: no element, attribute or script of the payload's. */
function expectInertPage(html: string, payload: string): void {
  expect(html).not.toContain(payload);
  for (const tag of [
    '<script',
    '<img',
    '<svg',
    '<body',
    '</head>',
    '</title>',
    '<title>',
    '<meta http-equiv',
  ]) {
    expect(html.split(tag).length, `${tag} in a page for ${payload}`).toBe(indexHtml.split(tag).length);
  }
  // The preview adds 11 tags and replaces the description (+10), and 3 more for the PNG share picture's
  // type and size (these pages have no photo): nothing a payload wrote became a tag of its own.
  expect(html.match(/<meta /g)?.length).toBe((indexHtml.match(/<meta /g)?.length ?? 0) + 13);
}

function expectInertJson(res: { headers: Record<string, unknown>; body: string }): void {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('stored script payloads', () => {
  it('keeps a project title and description verbatim in JSON', async () => {
    const res = await t.app.inject({ url: `/api/projects/${projectId}` });
    expect(res.statusCode).toBe(200);
    expectInertJson(res);
    expect(res.json().project.title).toBe(PAYLOADS[0]);
    expect(res.json().project.description).toBe(PAYLOADS.join(' '));
  });

  it.each(PAYLOADS)('escapes %s in the project page’s title and preview tags', async (payload) => {
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      headers: { cookie: owner.cookie },
      payload: { title: payload, description: `${payload} ${payload}`, tag: 'Art' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().project.title).toBe(payload.trim());
    const page = await t.app.inject({ url: `/project/${projectId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    if (payload.trim() !== '') expectInertPage(page.body, payload);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('keeps check-in texts verbatim in JSON', async () => {
    const text = PAYLOADS.join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/check-ins`,
      headers: { cookie: owner.cookie },
      payload: { updateText: text },
    });
    expect(res.statusCode).toBe(201);
    expectInertJson(res);
    const detail = await t.app.inject({ url: `/api/projects/${projectId}` });
    expect(detail.json().checkIns.map((c: { updateText: string | null }) => c.updateText)).toContain(
      text.trim(),
    );
  });

  it('keeps a donor name verbatim', async () => {
    const paymentId = await donate(t.app, projectId, {
      amountCents: 500,
      donorName: PAYLOADS[2],
      donorAnonymous: false,
    });
    const { rows } = await t.database.pool.query(`select donor_name from donations where payment_id = $1`, [
      paymentId,
    ]);
    expect(rows.map((r) => r.donor_name)).toEqual([PAYLOADS[2]]);
  });

  it('refuses markup in usernames at sign-up and in settings', async () => {
    for (const username of ['<script>', 'a"b', "o'neil", 'x<y', 'name onload']) {
      const res = await signUp(t.app, {
        username,
        email: `${crypto.randomUUID()}@example.com`,
        password: 'long enough',
      });
      expect(res.statusCode, username).toBe(400);
      const rename = await t.app.inject({
        method: 'PUT',
        url: '/api/me/username',
        headers: { cookie: owner.cookie },
        payload: { username },
      });
      expect(rename.statusCode, username).toBe(400);
    }
  });

  it('escapes a hostile username on the profile page even if one got into the database', async () => {
    const payload = '"><script>alert(1)</script>';
    await insertUser(t.database.pool, { username: payload });
    const api = await t.app.inject({ url: `/api/users/${encodeURIComponent(payload)}` });
    expect(api.statusCode).toBe(200);
    expectInertJson(api);
    expect(api.json().user.username).toBe(payload);
    const page = await t.app.inject({ url: `/user/${encodeURIComponent(payload)}` });
    expect(page.statusCode).toBe(200);
    expectInertPage(page.body, payload);
    expect(page.body).toContain('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62; on Kept | Kept');
  });

  it('never echoes hostile input in an error message', async () => {
    for (const url of [
      `/api/users/${encodeURIComponent(PAYLOADS[1]!)}`,
      `/api/categories/${encodeURIComponent(PAYLOADS[0]!)}`,
      `/api/projects?createdDateFrom=${encodeURIComponent(PAYLOADS[0]!)}`,
      `/api/projects/${encodeURIComponent(PAYLOADS[0]!)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expectInertJson(res);
      expect(res.body, url).not.toMatch(/<script|onerror/);
    }
  });
});
