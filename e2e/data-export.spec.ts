// Journey of issue 24, "Download my data": from Settings a signed-in user asks for a copy of their data,
// watches it being built, gets the email, follows its link back to Settings and downloads the zip.
import fs from 'node:fs';
import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForEmail } from './support/outbox.ts';
import { createProjectViaApi } from './support/projects.ts';

test('requests an export in Settings, sees it built, follows the email and downloads the zip', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page, baseURL!);
  await createProjectViaApi(page.request, baseURL!, { title: 'Export me' });

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByText(/as JSON and CSV files in one zip/)).toBeVisible();
  await section.getByRole('button', { name: 'Request my data' }).click();
  // While it is on its way the section shows a progress bar instead of the button; the build is quick,
  // so the bar may already have given way to the download link.
  const progress = section.getByRole('progressbar');
  const link = section.getByRole('link', { name: /Download your data/ });
  await expect(progress.or(link)).toBeVisible();
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(/You can download it until/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings, export ready');

  // The email says it is ready and leads back to Settings' section.
  const mail = await waitForEmail(account.email, 'Your Kept data export is ready');
  const back = /https?:\/\/[^\s"'<>]+\/settings#your-data/.exec(mail.body);
  expect(back, mail.body).not.toBeNull();
  await page.goto(back![0]);
  const again = page.getByRole('region', { name: 'Your data' });
  const download = page.waitForEvent('download');
  await again.getByRole('link', { name: /Download your data/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kept-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = await file.path();
  const bytes = fs.readFileSync(saved);
  expect(bytes.length).toBeGreaterThan(100);
  // A zip starts with a local file header, and ends with the end-of-central-directory record.
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.includes(Buffer.from('PK\u0005\u0006', 'latin1'))).toBe(true);
  expect(bytes.includes(Buffer.from('README.txt'))).toBe(true);

  // On a 320 px phone the section fits the screen.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(again.getByRole('link', { name: /Download your data/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Someone else signed in cannot download it: the same link is a 404 to them.
  const href = await again.getByRole('link', { name: /Download your data/ }).getAttribute('href');
  const stranger = await page.context().browser()!.newContext({ baseURL: baseURL! });
  const strangerPage = await stranger.newPage();
  await signUpAndSignIn(strangerPage, baseURL!);
  expect((await strangerPage.request.get(href!)).status()).toBe(404);
  await stranger.close();
});
