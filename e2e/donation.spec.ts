import type { Browser } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { CARDS, allowConsoleErrors, createProjectViaApi, fillCard } from './support/projects.ts';

// Each test has an owner create a project first, and scans pages for accessibility: give them time on a
// machine that several test runs share.
test.describe.configure({ timeout: 150_000 });

// Journey: a visitor finds a project and backs it with $25 ($20.00 of it goes to the project); a declined
// card says so and credits nothing.

/** A project with a $50 deposit, made by its own owner in a separate browser context. */
async function ownersProject(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpAndSignIn(page, baseURL);
  const project = await createProjectViaApi(page.request, baseURL, { depositCents: 5000 });
  await context.close();
  return project;
}

test('a visitor donates $25 with a card and sees the total rise by $20.00', async ({
  page,
  browser,
  baseURL,
}) => {
  const { projectId, draft } = await ownersProject(browser, baseURL!);
  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
  const total = page.getByTestId('project-total');
  await expect(total).toHaveText('$50.00');
  await expect(page.getByRole('heading', { name: 'Actions' })).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'project page, visitor');

  await page.getByRole('button', { name: 'Support This Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support This Project' });
  await expect(dialog.getByRole('radio', { name: '$25.00', exact: true })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Donate anonymously' })).toBeChecked();
  await expect(dialog.getByText('$20.00', { exact: true })).toBeVisible();
  await expect(dialog.getByText('$25.00 → $20.00 to the project, $5.00 to Kept')).toBeVisible();
  await fillCard(dialog, CARDS.succeeds);
  await expectNoSeriousA11yViolations(page, 'donation dialog');
  await dialog.getByRole('button', { name: 'Donate $25.00' }).click();
  await expect(dialog.getByText('Thank you for your support!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(total).toHaveText('$70.00');

  await page.reload();
  await expect(page.getByTestId('project-total')).toHaveText('$70.00');
});

test('a declined card shows its error and credits nothing', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const { projectId } = await ownersProject(browser, baseURL!);
  await page.goto(`/project/${projectId}`);
  const total = page.getByTestId('project-total');
  await expect(total).toHaveText('$50.00');

  await page.getByRole('button', { name: 'Support This Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support This Project' });
  await fillCard(dialog, CARDS.declined);
  await dialog.getByRole('button', { name: 'Donate $25.00' }).click();
  await expect(dialog.getByText('Your card was declined.')).toBeVisible();
  // The form keeps what was typed, and the dialog stays open for another card.
  await expect(dialog.getByLabel('Card number')).toHaveValue(CARDS.declined);
  allowConsoleErrors(consoleErrors, /status of 402/);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Support This Project' })).toBeFocused();
  await page.reload();
  await expect(page.getByTestId('project-total')).toHaveText('$50.00');
});

test('the donation dialog works with the keyboard alone', async ({ page, browser, baseURL }) => {
  const { projectId } = await ownersProject(browser, baseURL!);
  await page.goto(`/project/${projectId}`);
  const support = page.getByRole('button', { name: 'Support This Project' });
  await support.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Support This Project' });
  await expect(dialog).toBeVisible();
  // Focus is trapped inside: many tabs later it is still in the dialog.
  for (let i = 0; i < 25; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(support).toBeFocused();
});
