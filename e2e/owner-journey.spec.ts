import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { MOBILE } from './support/pages.ts';
import { CARDS, allowConsoleErrors, createProjectViaApi, fillCard, tinyPng } from './support/projects.ts';

// Journey: a new member creates a project with a $50 deposit, finds it in My Projects, checks in with a
// photo, sees it on the timeline and the calendar, and renames the project.

test('create a project with a $50 deposit, check in with a photo, and edit it', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  // A long journey with four accessibility scans, on a machine that several test runs share.
  test.slow();
  await signUpAndSignIn(page, baseURL!);
  const title = `Write 500 words a day ${Date.now().toString(36)}`;

  await page.goto('/create-project');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Project' })).toBeVisible();
  await page.getByLabel('Project name').fill(title);
  await page.getByLabel('Description').fill('Every morning before work, shared on Sundays.');
  await page.getByRole('radio', { name: 'Writing' }).check({ force: true });
  await expect(page.getByLabel('Length', { exact: true })).toHaveValue('30');
  await expect(page.getByLabel('Check-in frequency unit')).toHaveValue('weeks');
  await expect(
    page.getByText('Length and check-in frequency are permanent once the project is created.'),
  ).toBeVisible();
  await page.getByRole('radio', { name: '$50.00 Light commitment' }).check({ force: true });

  // The whole charge is on the page before paying.
  const breakdown = page.getByRole('heading', { name: 'What you pay today' }).locator('..');
  await expect(breakdown.getByText('$50.00')).toBeVisible();
  await expect(breakdown.getByText('$2.90')).toBeVisible();
  await expect(breakdown.getByText('$52.90')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true');

  // The commitment, in the person's own numbers, before the card: what comes back, where forfeits go.
  const commitment = page.getByRole('region', { name: 'Your commitment, in plain words' });
  await expect(
    commitment.getByText('1 missed check-in: $40.00 back, $10.00 to Kept Charity Fund'),
  ).toBeVisible();
  await page.getByLabel('Where forfeited money goes').selectOption('givedirectly');
  await expect(commitment.getByText(/Money you forfeit goes to GiveDirectly/)).toBeVisible();
  await commitment.getByRole('checkbox', { name: 'I agree to this commitment' }).check();
  await expectNoSeriousA11yViolations(page, 'create project, filled in');

  // A declined card says so and keeps everything typed.
  await fillCard(page, CARDS.declined);
  await page.getByRole('button', { name: 'Pay $52.90 Deposit' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByLabel('Project name')).toHaveValue(title);
  await expect(page.getByRole('radio', { name: '$50.00 Light commitment' })).toBeChecked();

  // The browser logs the 402 answer that carried the decline.
  allowConsoleErrors(consoleErrors, /status of 402/);

  await fillCard(page, CARDS.succeeds);
  await page.getByRole('button', { name: 'Pay $52.90 Deposit' }).click();
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expect(page).toHaveURL(/\/my-projects$/);

  // My Projects lists it with its $50.00.
  const active = page.getByRole('region', { name: 'Active Projects (1)' });
  await expect(active.getByRole('link', { name: title })).toBeVisible();
  await expect(active.getByText('$50.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a New Project' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'My Projects');

  await active.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('project-total')).toHaveText('$50.00');
  const calendar = page.getByRole('region', { name: 'Check-in Calendar' });
  await expect(calendar.locator('[data-status]')).toHaveCount(30);
  await expect(calendar.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed-checkin');
  await expect(calendar.locator('[data-status="future-checkin"]')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Next Check-in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'project page, owner');

  // Check in with text and a photo.
  await page
    .getByRole('complementary', { name: 'Project summary' })
    .getByRole('button', { name: 'Add Check-in' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add Check-in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Update').fill('Wrote the first 500 words.');
  await dialog.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'desk.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await expect(dialog.getByRole('img', { name: 'Chosen photo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'check-in dialog');
  await dialog.getByRole('button', { name: 'Post Check-in' }).click();
  await expect(dialog.getByText('Check-in posted!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const timeline = page.getByRole('region', { name: 'Project Timeline' });
  await expect(timeline.getByRole('heading', { name: 'Check-in #2' })).toBeVisible();
  await expect(timeline.getByText('Wrote the first 500 words.')).toBeVisible();
  const thumbnail = timeline.getByRole('img', { name: 'Photo of check-in #2' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Check-ins posted').locator('..')).toContainText('2');
  await expect(calendar.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed-checkin');

  // The photo opens full size.
  await timeline.getByRole('button', { name: 'Open the photo of check-in #2 full size' }).click();
  const overlay = page.getByRole('dialog', { name: 'Photo of check-in #2' });
  await expect(overlay.getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();

  // Rename it.
  await page.getByRole('button', { name: 'Edit Project' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Project' });
  await expect(edit.getByLabel('Project name')).toHaveValue(title);
  await edit.getByLabel('Project name').fill(`${title} (mornings)`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `${title} (mornings)` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${title} (mornings)` })).toBeVisible();
});

test('required fields and the deposit are checked before anything is charged', async ({ page, baseURL }) => {
  await signUpAndSignIn(page, baseURL!);
  await page.goto('/create-project');
  let intents = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/payments/deposit-intent')) intents += 1;
  });
  await page.getByRole('button', { name: 'Pay Deposit' }).click();
  await expect(page.getByText('Please fill in all required fields.').first()).toBeVisible();
  await page.getByLabel('Project name').fill('Run three times a week');
  await page.getByLabel('Description').fill('Couch to 5k.');
  await page.getByRole('radio', { name: 'Fitness' }).check({ force: true });
  await page.getByRole('button', { name: 'Pay Deposit' }).click();
  await expect(page.getByText('Please select a deposit amount.').first()).toBeVisible();
  await page.getByRole('radio', { name: /Custom/ }).check({ force: true });
  await page.getByLabel('Custom deposit amount').fill('5');
  await page.getByLabel('Custom deposit amount').blur();
  await expect(page.getByText('Custom deposit amount must be between $10 and $1000.').first()).toBeVisible();
  await page.getByLabel('Custom deposit amount').fill('abc');
  await expect(page.getByText('Custom deposit amount must be a number, such as 35 or 35.50.')).toBeVisible();
  await page.getByLabel('Custom deposit amount').fill('10.005');
  await expect(
    page.getByText('Custom deposit amount can have at most two decimals (whole cents).'),
  ).toBeVisible();
  await page.getByLabel('Custom deposit amount').fill('33.33');
  await expect(page.getByRole('button', { name: 'Pay $35.56 Deposit' })).toBeVisible();
  expect(intents).toBe(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('My Projects, the project page and the create form fit a 375 px screen', async ({ page, baseURL }) => {
    test.slow();
    await signUpAndSignIn(page, baseURL!);
    const { projectId, draft } = await createProjectViaApi(page.request, baseURL!);
    for (const path of ['/my-projects', `/project/${projectId}`, '/create-project']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/my-projects') await expect(page.getByRole('link', { name: draft.title })).toBeVisible();
      if (path === '/create-project') await expect(page.getByLabel('Card number')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `${path} at 375 px`);
    }
  });
});
