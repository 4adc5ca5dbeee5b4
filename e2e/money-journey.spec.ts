import { formatCents } from '@kept/domain';
import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { CARDS, createProjectViaApi, fillCard } from './support/projects.ts';

// Journey (issue 22): a member reads the commitment and pays $52.90 for a $50 deposit with GiveDirectly
// as the charity, plans a break, checks in, ends the project early after reading the exact amounts, and
// then sees the same figures in the settlement statement, their money history, the receipt, and the
// public transparency totals.

type Totals = { refundedCents: number; charities: { id: string; forfeitedCents: number }[] };

test('create, plan a break, check in, end early: the statement, money history and transparency agree', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  const totals = async (): Promise<Totals> => {
    const res = await page.request.get('/api/transparency', { headers: { Origin: origin } });
    expect(res.status()).toBe(200);
    return (await res.json()) as Totals;
  };
  const givedirectly = (t: Totals) => t.charities.find((c) => c.id === 'givedirectly')!.forfeitedCents;
  const before = await totals();

  await signUpAndSignIn(page, baseURL!);
  const title = `Sketch every day ${Date.now().toString(36)}`;
  await page.goto('/create-project');
  await page.getByLabel('Project name').fill(title);
  await page.getByLabel('Description').fill('One page of the sketchbook, every evening.');
  await page.getByRole('radio', { name: 'Art', exact: true }).check({ force: true });
  await page.getByRole('radio', { name: '$50.00 Light commitment' }).check({ force: true });
  const breakdown = page.getByRole('heading', { name: 'What you pay today' }).locator('..');
  await expect(breakdown.getByText('$52.90')).toBeVisible();
  const commitment = page.getByRole('region', { name: 'Your commitment, in plain words' });
  await page.getByLabel('Where forfeited money goes').selectOption('givedirectly');
  await expect(commitment.getByText(/Money you forfeit goes to GiveDirectly/)).toBeVisible();
  await commitment.getByRole('checkbox', { name: 'I agree to this commitment' }).check();
  await fillCard(page, CARDS.succeeds);
  await page.getByRole('button', { name: 'Pay $52.90 Deposit' }).click();
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expect(page).toHaveURL(/\/my-projects$/);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('project-total')).toHaveText('$50.00');

  // Plan a break: check-in 3 of 5 is paused (the budget is one of five), so t' = 4.
  const breakCard = page.getByRole('region', { name: 'Pauses' });
  await breakCard.getByRole('button', { name: /^Pause check-in 3 / }).click();
  await expect(breakCard.getByRole('button', { name: /^Lift pause on check-in 3 / })).toBeVisible();
  await expect(breakCard.getByText('You have used 1 of 1 pause', { exact: false })).toBeVisible();

  // Check in (the first period, already kept by the automatic check-in, counts once).
  await page
    .getByRole('complementary', { name: 'Project summary' })
    .getByRole('button', { name: 'Add Check-in' })
    .click();
  const checkIn = page.getByRole('dialog', { name: 'Add Check-in' });
  await checkIn.getByLabel('Update').fill('First page done.');
  await checkIn.getByRole('button', { name: 'Post Check-in' }).click();
  await expect(checkIn).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Project Timeline' }).getByText('First page done.'),
  ).toBeVisible();

  // End early, after reading the exact amounts: 1 of 4 periods kept → R = floor($50 × 1/4) = $12.50.
  await page.getByRole('button', { name: 'End or cancel project' }).click();
  const ending = page.getByRole('dialog', { name: 'End or cancel this project' });
  const endSection = ending.getByRole('heading', { name: 'End the project now' }).locator('..');
  await expect(endSection.getByText('Back to your card: $12.50')).toBeVisible();
  await expect(endSection.getByText(/To charity .*: \$37\.50/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'end project dialog');
  await endSection.getByRole('button', { name: 'End project now' }).click();
  await expect(ending).toBeHidden();

  // The statement: the same figures, settled.
  const statement = page.getByRole('region', { name: 'Settlement' });
  await expect(async () => {
    await page.reload();
    await expect(statement).toContainText('Refunded', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(statement).toContainText('1 of 4 check-in periods done, 3 missed.');
  await expect(statement.getByText('Back to the card').locator('..')).toContainText('$12.50');
  await expect(statement.getByText('Went to charity').locator('..')).toContainText('$37.50');

  // Money history: the $52.90 charge and the $12.50 refund; the receipt itemises the charge.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Money history' }).click();
  const history = page.getByRole('list', { name: 'Money history' });
  const refund = history.getByRole('listitem').filter({ hasText: /^Refund · / });
  await expect(refund).toContainText('+$12.50');
  await expect(refund).toContainText('Refunded');
  const deposit = history.getByRole('listitem').filter({ hasText: `Deposit · ${title}` });
  await expect(deposit).toContainText('−$52.90');
  await expectNoSeriousA11yViolations(page, 'money history');
  await deposit.getByRole('link', { name: 'Receipt for deposit of $52.90' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt · Deposit' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Deposit $50.00' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Fee (4% + $0.90, not refundable) $2.90' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Refunded to this card' })).toContainText('$12.50');
  // Both pages fit a 320 px phone.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [page.url(), '/money']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The public totals move by exactly this journey's figures (the answer is shared for up to 30 s).
  await expect
    .poll(
      async () => {
        const now = await totals();
        return [now.refundedCents - before.refundedCents, givedirectly(now) - givedirectly(before)];
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toEqual([1_250, 3_750]);
  await page.goto('/transparency');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /GiveDirectly/ }) });
  const after = await totals();
  await expect(row).toContainText(formatCents(givedirectly(after)));
  await expect(page.getByText('Refunded to cards').locator('..')).toContainText(
    formatCents(after.refundedCents),
  );
});

test("a supporter's message shows on the project page until the owner hides it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // The owner, in a context of their own.
  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  await signUpAndSignIn(ownerPage, baseURL!);
  const { projectId } = await createProjectViaApi(ownerPage.request, baseURL!);

  // A visitor donates $25 with their name, a message, and the amount shown.
  await page.goto(`/project/${projectId}`);
  const supporters = page.getByRole('region', { name: /^Supporters/ });
  await expect(supporters.getByText('No supporters yet. Be the first to back this project.')).toBeVisible();
  await page.getByRole('button', { name: 'Support This Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support This Project' });
  await dialog.getByLabel('Name').fill('Grace');
  await dialog.getByRole('checkbox', { name: 'Donate anonymously' }).uncheck();
  await dialog
    .getByLabel('Message of encouragement (optional)')
    .fill('You can do it! <b>Page one</b> is the hardest.');
  await dialog.getByRole('checkbox', { name: 'Show the amount on the supporters list' }).check();
  await fillCard(dialog, CARDS.succeeds);
  await dialog.getByRole('button', { name: 'Donate $25.00' }).click();
  await expect(dialog).toBeHidden();
  const grace = supporters.getByRole('listitem').filter({ hasText: 'Grace' });
  await expect(grace).toContainText('$25.00');
  // Typed markup is shown as the characters typed.
  await expect(grace.getByText('You can do it! <b>Page one</b> is the hardest.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'supporters list');

  // The owner hides it: gone for the visitor, still there (marked hidden) for the owner.
  await ownerPage.goto(`/project/${projectId}`);
  const ownersList = ownerPage.getByRole('region', { name: /^Supporters/ });
  await ownersList.getByRole('button', { name: 'Hide message from Grace' }).click();
  await expect(ownersList.getByText('You hid this message. Only you can see it.')).toBeVisible();
  await page.reload();
  await expect(grace).toContainText('$25.00');
  await expect(grace.getByText(/You can do it!/)).toHaveCount(0);
  await ownerContext.close();
});
