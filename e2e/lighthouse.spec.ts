// Lighthouse on three pages of the built app, served by the real server with its demo content, in Debian's
// Chromium: mobile form factor and simulated throttling (Lighthouse's defaults, with the CPU slowdown
// calibrated down on a slow host by the load's own benchmark: calibratedCpuSlowdown below). Each page must
// score accessibility 100, best practices 100 and SEO ≥ 95, shift no content as it loads (cumulative
// layout shift ≤ 0.1) and have no script that blocks its first paint; a page below prints the audits that
// cost it points. Performance must be ≥ 90 run by hand; `npm test` prints it without a bar (decision 058).
// Prints one JSON line of scores per page. Run alone: npx playwright test -c lighthouse.config.ts
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // With the tab below, the audited page commits into a renderer that was running before Lighthouse
  // started its trace. When the page got a renderer started during the trace, its navigationStart was
  // missing from the trace now and then (2 runs in 40), and Lighthouse failed with NO_NAVSTART
  // (decision 011).
  '--process-per-site',
];
/** What the first tab shows: a page of the app's origin with no scripts, styles or images to cache. */
const KEEPER_PATH = '/api/health';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/**
 * The bars. Performance is 90 as the issue asks; KEPT_LIGHTHOUSE_MIN_PERFORMANCE sets another, or `none`
 * to print the score without a bar, as `npm test` does (decision 058).
 */
const performanceBar = process.env.KEPT_LIGHTHOUSE_MIN_PERFORMANCE ?? '90';
const REQUIRED: Partial<Record<Category, number>> = {
  ...(performanceBar === 'none' ? {} : { performance: Number(performanceBar) }),
  accessibility: 100,
  'best-practices': 100,
  seo: 95,
};

let sessionCookie = '';
let demoProjectId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  // A signed-in user (create-project needs one) and a demo project, through the API.
  const request = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    await signUpAndSignIn({ request }, baseURL!);
    const { cookies } = await request.storageState();
    sessionCookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    expect(sessionCookie, 'session cookie after sign-in').not.toBe('');

    const list = await request.get('/api/projects');
    expect(list.status(), await list.text()).toBe(200);
    const { projects } = (await list.json()) as { projects: { id: string }[] };
    expect(projects.length, 'demo projects (DEMO_DATA=1 on a fresh data folder)').toBeGreaterThan(0);
    demoProjectId = projects[0]!.id;
  } finally {
    await request.dispose();
  }
});

/** The audits of a category that did not get full marks, worst first, one line each. */
function lostPoints(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
    .filter(({ ref, audit }) => {
      if (audit.score === null || audit.score >= 1) return false;
      // Performance: the weighted metrics, plus the opportunities and diagnostics that explain them.
      return ref.weight > 0 || category === 'performance';
    })
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit.score ?? 0) - (b.audit.score ?? 0))
    .map(({ ref, audit }) => {
      const examples = auditItems(lhr, ref.id)
        .slice(0, 3)
        .map((item) => JSON.stringify(item).slice(0, 300))
        .join('\n      ');
      return (
        `  ${audit.id} (weight ${ref.weight}, score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''}): ${audit.title}` +
        (examples ? `\n      ${examples}` : '')
      );
    });
}

/**
 * The items of an audit's details table or list. Most details carry a list of items; some (e.g. a
 * trace's metrics) carry an object instead, and give none here.
 */
function auditItems(lhr: Result, id: string): Record<string, unknown>[] {
  const raw = (lhr.audits[id]?.details as { items?: unknown } | undefined)?.items;
  return Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
}

/**
 * The CPU slowdown for a host of this `benchmarkIndex`: Lighthouse's default, 4 (made for a host of about
 * 1,533), or less on a slower host, by Lighthouse's own calibration (its docs/throttling.md and CPU
 * throttling calculator), so that the page runs as on Lighthouse's reference phone whatever the host's
 * speed at the moment (decisions 038, 058). A fast host keeps the default: the bar is never made harder
 * than Lighthouse's own setting.
 */
function calibratedCpuSlowdown(benchmarkIndex: number): number {
  const DEFAULT = 4;
  if (benchmarkIndex >= 1300) return Math.min(DEFAULT, 3 + (benchmarkIndex - 1300) / 233);
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

function lighthouseFlags(extraHeaders?: Record<string, string>): Flags {
  return {
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableFullPageScreenshot: true,
    ...(extraHeaders ? { extraHeaders } : {}),
  };
}

/**
 * Lighthouse's gather of one page (its load, trace and the rest of its artifacts) into `artifactsDir`, in
 * a Chromium of its own. Every page of the origin shares one renderer there (--process-per-site), so a page
 * gathered after another in the same browser would find the other's scripts already compiled and its
 * files in the renderer's memory cache.
 */
async function gather(url: string, artifactsDir: string, extraHeaders?: Record<string, string>) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    startingUrl: new URL(KEEPER_PATH, url).href,
  });
  try {
    await lighthouse(url, { ...lighthouseFlags(extraHeaders), port: chrome.port, gatherMode: artifactsDir });
  } finally {
    chrome.kill();
  }
}

/**
 * The audits of a gathered page with the CPU slowdown its own gather's benchmark calls for. Under
 * simulated throttling the gather runs the page at the host's full speed and the audits scale the tasks
 * it observed by the slowdown, so the slowdown can be chosen after the gather, from the `benchmarkIndex`
 * Lighthouse measured just before that load. (The gather passes the slowdown to one other place, the
 * deadline of its requestIdleCallback shim, which no page of Kept reads.) Lighthouse refuses to audit
 * with settings other than those the artifacts were gathered with, so the slowdown is written into the
 * artifacts' settings first.
 */
async function auditGathered(artifactsDir: string, extraHeaders?: Record<string, string>) {
  const file = path.join(artifactsDir, 'artifacts.json');
  const artifacts = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    BenchmarkIndex: number;
    settings: { throttling: NonNullable<Flags['throttling']> };
  };
  const throttling = {
    ...artifacts.settings.throttling,
    cpuSlowdownMultiplier: calibratedCpuSlowdown(artifacts.BenchmarkIndex),
  };
  artifacts.settings.throttling = throttling;
  fs.writeFileSync(file, JSON.stringify(artifacts));
  const result = await lighthouse(undefined, {
    ...lighthouseFlags(extraHeaders),
    auditMode: artifactsDir,
    throttling,
  });
  expect(result, 'a Lighthouse result').toBeDefined();
  return result!.lhr;
}

async function audit(name: string, pagePath: string, extraHeaders?: Record<string, string>): Promise<void> {
  const url = new URL(pagePath, test.info().project.use.baseURL).href;
  const artifactsDir = test.info().outputPath(`${name}-artifacts`);
  await gather(url, artifactsDir, extraHeaders);
  const lhr = await auditGathered(artifactsDir, extraHeaders);
  expect(lhr.runtimeError, `Lighthouse could not audit ${url}`).toBeUndefined();
  // The whole report, to look into: test-results/lighthouse/<test>/<page>.lighthouse.json
  const report = test.info().outputPath(`${name}.lighthouse.json`);
  fs.writeFileSync(report, JSON.stringify(lhr));
  await test.info().attach(`${name}.lighthouse.json`, { path: report, contentType: 'application/json' });

  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const layoutShift = lhr.audits['cumulative-layout-shift']?.numericValue;
  const blockingScripts = auditItems(lhr, 'render-blocking-resources')
    .map((item) => String(item.url))
    .filter((url) => new URL(url).pathname.endsWith('.js'));
  process.stdout.write(
    `${JSON.stringify({
      page: name,
      path: pagePath,
      ...scores,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdownMultiplier: Math.round(lhr.configSettings.throttling.cpuSlowdownMultiplier * 100) / 100,
      totalBlockingTimeMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
      largestContentfulPaintMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      cumulativeLayoutShift: layoutShift,
    })}\n`,
  );

  // What a slower host cannot change: the page does not move under the reader (Lighthouse's "good"
  // bound) and no script holds up its first paint.
  expect.soft(layoutShift, `${name}: cumulative layout shift`).toBeLessThanOrEqual(0.1);
  expect.soft(blockingScripts, `${name}: scripts that block the first paint`).toEqual([]);
  // The page Lighthouse ended on is the one asked for (not a redirect to the sign-in page).
  expect(new URL(lhr.finalDisplayedUrl).pathname).toBe(pagePath);
  // E.g. "The tested device appears to have a slower CPU than Lighthouse expects" on a busy machine.
  for (const warning of lhr.runWarnings) process.stderr.write(`${name}: Lighthouse warns: ${warning}\n`);
  for (const [category, bar] of Object.entries(REQUIRED) as [Category, number][]) {
    expect
      .soft(
        scores[category],
        `${name}: ${category} ${scores[category]} < ${bar}\n${lostPoints(lhr, category).join('\n')}`,
      )
      .toBeGreaterThanOrEqual(bar);
  }
}

test('home page', async () => {
  await audit('home', '/');
});

test('project page', async () => {
  await audit('project', `/project/${demoProjectId}`);
});

test('create project (signed in)', async () => {
  await audit('create-project', '/create-project', { Cookie: sessionCookie });
});
