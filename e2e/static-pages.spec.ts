import { expect, test } from './support/fixtures.ts';

// Journey: a curious visitor reads how Kept works, the help and company pages and the legal pages before
// signing up.

test('How it works explains the steps, the refund, the fees, the benefits and the FAQ', async ({
  page,
  baseURL,
}) => {
  await page.goto('/how-it-works');
  const main = page.getByRole('main');

  const steps = main.getByRole('region', { name: 'Four steps to following through' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  for (const step of [
    'Create your project',
    'Make a financial commitment',
    'Check in regularly',
    'Get your money back',
  ]) {
    await expect(main.getByRole('heading', { name: step })).toBeVisible();
  }
  await expect(
    main.getByText('Refund = (deposit + 80% of donations) × (1 − missed check-ins ÷ total check-ins)'),
  ).toBeVisible();
  await expect(main.getByText('$112.00')).toBeVisible();
  await expect(main.getByText(/deposit plus 4% plus \$0\.90/)).toBeVisible();
  await expect(main.getByText(/2\.9% \+ \$0\.30/).first()).toBeVisible();
  await expect(main.getByRole('region', { name: 'Why it works' }).getByRole('listitem')).toHaveCount(3);

  const faq = main.getByRole('region', { name: 'Frequently asked questions' });
  const question = faq.getByText('How long do refunds take?');
  const answer = faq.getByText(/refunds are processed within 5–10 business days/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();

  await main.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(`${baseURL}/login`);
  await page.goBack();
  await main.getByRole('link', { name: 'Browse projects' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('the footer leads to the Help Center, About Us, Blog and Careers pages', async ({ page, baseURL }) => {
  await page.goto('/');
  // The home adds its sections one at a time once its data arrives, and each step moves the footer
  // down: click when they are all drawn, as a visitor who scrolled down to it would.
  await expect(page.getByRole('heading', { name: 'Largest Commitments' })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  for (const [link, path, heading] of [
    ['Help Center', '/help', 'Help Center'],
    ['About Us', '/about', 'About Kept'],
    ['Blog', '/blog', 'Blog'],
    ['Careers', '/careers', 'Careers'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('the Help Center states how money moves, refunds, fees and support times', async ({ page }) => {
  const response = await page.goto('/help');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  const text = await page.getByRole('main').innerText();
  for (const fact of [
    /Refund = \(deposit \+ 80% of donations\) × \(1 − missed check-ins ÷ total check-ins\)/,
    /4% \+ \$0\.90/,
    /2\.9% \+ \$0\.30/,
    /80%\s+is added to the creator's refundable amount and 20%/,
    /within 5–10 business days/,
    /support@kept\.app/,
    /within 30 days/,
  ]) {
    expect(text).toMatch(fact);
  }
});

test('an unknown address is the not-found page with a 404', async ({ page }) => {
  for (const path of ['/no/such/page', '/category/nonsense']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
  const moved = await page.goto('/category/ART');
  expect(moved?.url()).toMatch(/\/category\/art$/);
  expect(moved?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Art' })).toBeVisible();
});

for (const { path, heading, facts } of [
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    facts: [/18 or older/, /under 13/, /Children's privacy/, /7 years/, /within 30 days/],
  },
  {
    path: '/terms-of-service',
    heading: 'Terms of Service',
    facts: [
      /at least 18 years old/,
      /under 13/,
      /4% of the deposit plus \$0\.90/,
      /2\.9% \+ \$0\.30/,
      /within 5–10 business days/,
      /80% is added to the creator's refundable amount and 20%/,
      /non-refundable to the donor/,
      /goes to charity/,
      /7 years/,
      /within 30 days/,
    ],
  },
]) {
  test(`${heading} is dated and states the facts`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Last updated October 21, 2025')).toBeVisible();
    const text = await page.getByRole('main').innerText();
    for (const fact of facts) expect(text).toMatch(fact);
  });
}
