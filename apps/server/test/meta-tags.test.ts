import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { insertProject, insertUser } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { BOOT_STATE_BLOCK } from './support/pages.ts';

const NOW = new Date('2026-03-20T12:00:00Z');
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Kept: beat procrastination with money on the line."
    />
    <title>Kept</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>`;

let t: TestApp;
let dist: string;
let projectId: string;
let plainId: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ clock: manualClock(NOW), webDistDir: dist });
  const owner = await insertUser(t.database.pool, { username: 'meta_maker' });
  projectId = await insertProject(t.database.pool, {
    userId: owner.id,
    title: 'Learn "jazz" <script>alert(1)</script> & blues',
    description: `It's a <b>bold</b> plan. ${'More words here. '.repeat(30)}`,
    tag: 'Music',
    createdAt: '2026-03-01T10:00:00Z',
    imageUrl: 'https://cdn.example.com/p.jpg?a=1&b="2"',
  });
  plainId = await insertProject(t.database.pool, {
    userId: owner.id,
    title: 'Plain',
    tag: 'Reading',
    createdAt: '2026-01-01T10:00:00Z',
    lengthDays: 20,
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The page without who is signed in (page-boot.test.ts checks that part). */
const withoutBootState = (html: string) => html.replace(BOOT_STATE_BLOCK, '');

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('link previews', () => {
  it('writes a project into <title>, description, Open Graph and Twitter tags, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/project/${projectId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain(
      '<title>Learn &#34;jazz&#34; &#60;script&#62;alert(1)&#60;/script&#62; &#38; blues | Kept</title>',
    );
    expect(meta(html, 'og:title')).toBe(
      'Learn &#34;jazz&#34; &#60;script&#62;alert(1)&#60;/script&#62; &#38; blues',
    );
    expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
    expect(meta(html, 'og:description')).toMatch(
      /^It&#39;s a &#60;b&#62;bold&#60;\/b&#62; plan\. More words/,
    );
    expect(meta(html, 'og:description')!.length).toBeLessThan(400);
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(meta(html, 'og:image')).toBe('https://cdn.example.com/p.jpg?a=1&#38;b=%222%22');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(meta(html, 'og:url')).toBe(`http://localhost:3000/project/${projectId}`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // The page's own picture is fetched alongside the scripts (its largest paint).
    expect(html).toContain(
      '<link rel="preload" as="image" href="https://cdn.example.com/p.jpg?a=1&#38;b=&#34;2&#34;" fetchpriority="high" />',
    );
    expect(html).toContain('<div id="root"></div>');
  });

  it('uses the 1200×630 PNG share picture when the project has no photo (social sites show no SVG)', async () => {
    const html = (await t.app.inject({ method: 'GET', url: `/project/${plainId}` })).body;
    expect(meta(html, 'og:image')).toBe('http://localhost:3000/images/share.png');
    expect(meta(html, 'twitter:image')).toBe('http://localhost:3000/images/share.png');
    expect(meta(html, 'og:image:type')).toBe('image/png');
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:description')).toBe('A goal worth keeping');
    // The page itself shows the tag's picture, which is what it preloads.
    expect(html).toMatch(
      /<link rel="preload" as="image" href="\/images\/categories\/[a-z-]+\.svg" fetchpriority="high" \/>/,
    );
  });

  it('gives a photo its own size-less tags', async () => {
    const html = (await t.app.inject({ method: 'GET', url: `/project/${projectId}` })).body;
    expect(html).not.toContain('og:image:width');
    expect(html).not.toContain('og:image:type');
  });

  it('writes a profile preview for /user/{username}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/META_MAKER' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>meta_maker on Kept | Kept</title>');
    expect(meta(res.body, 'og:type')).toBe('profile');
    expect(meta(res.body, 'og:description')).toBe(
      'meta_maker keeps their commitments on Kept: 1 active project and 1 completed project.',
    );
    expect(meta(res.body, 'og:url')).toBe('http://localhost:3000/user/meta_maker');
    expect(meta(res.body, 'og:image')).toBe('http://localhost:3000/images/share.png');
  });

  it('answers unknown projects and users with the app page and a 404, without previews', async () => {
    for (const url of [
      '/project/6f1c3f4e-8d7a-4b7e-9a51-2b1d0c9e7f00',
      '/project/nope',
      '/user/nobody_here',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(withoutBootState(res.body)).toBe(INDEX);
    }
  });

  it('leaves every other page as it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/category/art' });
    expect(res.statusCode).toBe(200);
    expect(withoutBootState(res.body)).toBe(INDEX);
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
  });
});
