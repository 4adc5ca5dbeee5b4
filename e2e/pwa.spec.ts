import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { createProjectViaApi } from './support/projects.ts';

// Installable Kept (decision 036): the manifest is linked and complete, the service worker installs and
// takes control, a project page seen online reads offline with a clear "this is what Kept showed at"
// state, a page never opened offline still gets the app's shell, and Settings' notifications section
// has no serious accessibility problem. The other specs block service workers (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii'), 'a PNG').toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest is linked and valid, with real icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Kept', short_name: 'Kept', display: 'standalone', scope: '/' });
  expect(manifest.start_url.startsWith('/')).toBe(true);
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    const [w, h] = icon.sizes.split('x').map(Number);
    expect(pngSize(await png.body()), icon.src).toEqual({ width: w, height: h });
  }
});

test('the service worker installs, and project pages read offline with a clear offline state', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await signUpAndSignIn(page, baseURL!);
  const title = `Offline sketches ${Date.now()}`;
  const { projectId } = await createProjectViaApi(page.request, baseURL!, { title });

  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toBe(`${baseURL}/service-worker.js`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Seen once while the service worker is in control: its reads are kept for offline.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('You are offline')).toHaveCount(0);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText(
    'this is what Kept showed at',
  );
  // The amount is the kept copy's, and is not called live.
  await expect(page.getByText('Offline copy')).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toHaveCount(0);

  // A page never opened: the app's shell still opens, and says it is offline.
  await page.goto('/how-it-works');
  await expect(page.getByRole('heading', { level: 1, name: 'How Kept works' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
});

test('Settings’ notifications section is accessible', async ({ page, baseURL }) => {
  await signUpAndSignIn(page, baseURL!);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Notifications on your devices' });
  await expect(section.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
  await expect(section.getByText('No device gets notifications yet.')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Reminders' })
      .getByRole('checkbox', { name: /Notifications on the devices/ }),
  ).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, 'settings with the notifications section');
  // A 320 px phone: the section fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: 'Turn on for this device' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await section.screenshot({ path: test.info().outputPath('notifications-320.png') });
});
