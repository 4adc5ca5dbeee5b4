// What every page carries besides the app: who is signed in (the boot state) and its screen's code to
// preload, read from the build's manifest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResponseSchema, screenOfPath, type BootState } from '@kept/contract';
import { bootStateScript } from '../src/web/boot-state.ts';
import { insertIntoHead } from '../src/web/page-meta.ts';
import { screenChunks, screenPreloads } from '../src/web/screen-preload.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { BOOT_STATE_BLOCK } from './support/pages.ts';
import { createUser } from './support/users.ts';

const INDEX = `<!doctype html><html lang="en"><head><title>Kept</title></head>
<body><div id="root"></div><script type="module" src="/assets/index-E.js"></script></body></html>`;

/** A build's manifest, in Vite's shape: the entry, two screens and the chunks they share. */
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_jsx-J.js'] },
  '_jsx-J.js': { file: 'assets/jsx-J.js' },
  '_card-C.js': { file: 'assets/card-C.js', imports: ['_jsx-J.js', '_money-M.js'] },
  '_money-M.js': { file: 'assets/money-M.js' },
  'src/routes/home.tsx': {
    file: 'assets/home-H.js',
    isDynamicEntry: true,
    imports: ['index.html', '_jsx-J.js', '_card-C.js'],
  },
  'src/routes/project.tsx': {
    file: 'assets/project-P.js',
    isDynamicEntry: true,
    imports: ['index.html', '_money-M.js', '_card-C.js'],
  },
  'src/routes/not-found.tsx': {
    file: 'assets/not-found-N.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The boot state a page carries, checked against the contract; undefined when it has none. */
function bootStateOf(html: string) {
  const match = BOOT_STATE_BLOCK.exec(html);
  if (!match) return undefined;
  const { session, ...rest } = JSON.parse(match[1]!) as BootState;
  expect(rest).toEqual({});
  return { session: SessionResponseSchema.parse(session) };
}

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('who is signed in, written into every page', () => {
  it('is nobody for a visitor, on every kind of page', async () => {
    for (const url of ['/', '/category/art', '/project/123', '/user/nobody_here', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(bootStateOf(res.body), url).toEqual({ session: { user: null } });
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it('is the signed-in user, exactly as GET /api/session answers', async () => {
    const member = await createUser(t.app, { timezone: 'Asia/Tokyo' });
    const session = await t.app.inject({ url: '/api/session', headers: { cookie: member.cookie } });
    for (const url of ['/', '/my-projects', '/project/123']) {
      const page = await t.app.inject({ url, headers: { cookie: member.cookie } });
      expect(bootStateOf(page.body), url).toEqual({ session: session.json() });
    }
    expect(session.json().user).toMatchObject({ id: member.user.id, timezone: 'Asia/Tokyo' });
  });

  it('is nobody once signed out, and for a cookie that is not a session', async () => {
    const member = await createUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: member.cookie } });
    const after = await t.app.inject({ url: '/', headers: { cookie: member.cookie } });
    expect(bootStateOf(after.body)).toEqual({ session: { user: null } });
    const forged = await t.app.inject({ url: '/', headers: { cookie: 'kept.session_token=abc.def' } });
    expect(bootStateOf(forged.body)).toEqual({ session: { user: null } });
  });

  it('cannot end its script element or open a comment, whatever the text in it', () => {
    const email = '</script><script>alert(1)</script><!--@example.com';
    const state = {
      session: {
        user: {
          id: 'u1',
          email,
          username: null,
          timezone: 'UTC',
          createdAt: '2026-01-01T00:00:00.000Z',
          emailVerified: true,
        },
      },
    };
    const script = bootStateScript(state);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('<!--');
    expect(bootStateOf(script)).toEqual(state);
  });

  it("goes into <head> as it is, '$' patterns included", () => {
    const markup = '<meta name="x" content="$\' $& $` $$">';
    expect(insertIntoHead('<html><head></head><body></body></html>', markup)).toBe(
      `<html><head>${markup}</head><body></body></html>`,
    );
  });
});

describe("a page's screen code, preloaded", () => {
  it("lists a screen's chunks once each, without the entry's", () => {
    expect(screenChunks(MANIFEST, 'home')).toEqual([
      'assets/home-H.js',
      'assets/card-C.js',
      'assets/money-M.js',
    ]);
    expect(screenChunks(MANIFEST, 'project')).toEqual([
      'assets/project-P.js',
      'assets/money-M.js',
      'assets/card-C.js',
    ]);
    expect(screenChunks(MANIFEST, 'settings')).toEqual([]);
  });

  it("links each page's screen by its path, unknown paths to the not-found screen", async () => {
    const cases: [string, string[]][] = [
      ['/', ['/assets/home-H.js', '/assets/card-C.js', '/assets/money-M.js']],
      ['/?q=1', ['/assets/home-H.js', '/assets/card-C.js', '/assets/money-M.js']],
      ['/project/123', ['/assets/project-P.js', '/assets/money-M.js', '/assets/card-C.js']],
      ['/nowhere/at/all', ['/assets/not-found-N.js']],
    ];
    for (const [url, expected] of cases) {
      const res = await t.app.inject({ url });
      expect(preloadsOf(res.body), url).toEqual(expected);
      expect(res.body.indexOf('modulepreload'), url).toBeLessThan(res.body.indexOf('</head>'));
    }
  });

  it('adds nothing when the build has no manifest', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-dist-'));
    try {
      expect(screenPreloads(bare)('/')).toBe('');
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  it('maps every path of the route table to its screen', () => {
    expect(screenOfPath('/')).toBe('home');
    expect(screenOfPath('/user/alice')).toBe('user-profile');
    expect(screenOfPath('/create-project')).toBe('create-project');
    expect(screenOfPath('//project//9')).toBe('project');
    expect(screenOfPath('/constructor')).toBe('not-found');
    expect(screenOfPath('/toString')).toBe('not-found');
    expect(screenOfPath('/category/art')).toBe('category');
    expect(screenOfPath('/how-it-works/')).toBe('how-it-works');
    // The route's shape counts too: these show the not-found screen.
    expect(screenOfPath('/category')).toBe('not-found');
    expect(screenOfPath('/user/alice/extra')).toBe('not-found');
    expect(screenOfPath('/login/extra')).toBe('not-found');
  });
});
