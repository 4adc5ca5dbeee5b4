import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { DESKTOP, MOBILE, protectedPages, publicPages } from './support/pages.ts';

// Journey: a signed-out visitor finds their way around the shell on a laptop and on a phone.

// Pages are visited a few to a test, in one browser context: a fresh context per page would load the app's
// code again each time, which is most of such a test's time.
const PAGES_PER_TEST = 7;
const pageGroups: (typeof publicPages)[number][][] = [];
for (let start = 0; start < publicPages.length; start += PAGES_PER_TEST)
  pageGroups.push(publicPages.slice(start, start + PAGES_PER_TEST));

for (const [label, viewport] of [
  ['desktop 1280 px', DESKTOP],
  ['mobile 375 px', MOBILE],
] as const) {
  test.describe(`every page signed out, ${label}`, () => {
    test.use({ viewport });

    for (const group of pageGroups) {
      test(`${group.map((page) => page.path).join(', ')}: heading, title, shell, no sideways scroll, accessibility check`, async ({
        page: browser,
      }) => {
        test.slow(); // several pages, each with an accessibility check
        for (const page of group) {
          await test.step(page.path, async () => {
            await browser.goto(page.path);
            await expect(browser.getByRole('heading', { level: 1, name: page.heading })).toBeVisible();
            await expect(browser).toHaveTitle(page.title);
            await expect(browser.getByRole('navigation', { name: 'Main' })).toBeVisible();
            await expect(browser.getByRole('contentinfo')).toBeVisible();
            // Nothing may stick out sideways, down to the narrowest phones.
            const overflow = await browser.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            expect(overflow, `horizontal overflow on ${page.path} in px`).toBeLessThanOrEqual(0);
            await expectNoSeriousA11yViolations(browser, `${page.path} at ${label}`);
          });
        }
      });
    }
  });
}

test('every signed-in-only page sends a signed-out visitor to log in', async ({ page, baseURL }) => {
  for (const { path, login } of protectedPages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page).toHaveURL(`${baseURL}${login}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in to Kept' })).toBeVisible();
    });
  }
});

test.describe('navigation at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('shows How it works and Login inline, no menu button', async ({ page, baseURL }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Main menu' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Kept', exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(`${baseURL}/how-it-works`);
    await expect(page.getByRole('heading', { level: 1, name: 'How Kept works' })).toBeVisible();

    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${baseURL}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Kept' })).toBeVisible();

    await nav.getByRole('link', { name: 'Kept', exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  test('the home page offers Get Started and How it works', async ({ page, baseURL }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(`${baseURL}/login`);
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(`${baseURL}/how-it-works`);
  });
});

test.describe('navigation at 375 px', () => {
  test.use({ viewport: MOBILE });

  test('the menu button opens and closes the mobile menu', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Main menu' });
    const menu = page.locator('#mobile-menu');

    await expect(page.getByTestId('desktop-menu')).toBeHidden();
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'How it works' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'mobile menu open');

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });

  test('the mobile menu works with the keyboard alone', async ({ page, baseURL }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Main menu' });
    const menu = page.locator('#mobile-menu');

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'How it works' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Login' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${baseURL}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Kept' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });
});

test.describe('footer', () => {
  test('links to real places, labels its icons and validates the newsletter email', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'How it works',
      'Browse Projects',
      'Create Project',
      'Help Center',
      'Contact Us',
      'Privacy Policy',
      'Terms of Service',
      'About Us',
      'Blog',
      'Careers',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:support@kept.app',
    );
    const hrefs = await footer
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href, 'footer link target').toMatch(/^(\/|mailto:|https:\/\/)/);
    for (const name of ['Kept on X', 'Kept on Facebook', 'Kept on Instagram']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }

    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Please enter your email address')).toBeVisible();
    await footer.getByLabel('Email address').fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Please enter a valid email address')).toBeVisible();

    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(`${baseURL}/terms-of-service`);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });
});

test.describe('not-found page', () => {
  test('explains the problem and leads back home', async ({ page, baseURL }) => {
    await page.goto('/definitely/not/here?x=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('/definitely/not/here')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Beat procrastination with money on the line' }),
    ).toBeVisible();
  });
});

test.describe('narrowest phones (320 px)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no page scrolls sideways', async ({ page }) => {
    test.slow(); // visits every page
    for (const { path, heading } of publicPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path} in px`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('signed-in menus', () => {
  test('at 1280 px: My Projects, Create Project and a keyboard-operable account menu', async ({
    page,
    baseURL,
  }) => {
    test.slow(); // sign-up, sign-in, a full menu round trip and an accessibility check
    const { username } = await signUpAndSignIn(page, baseURL!);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${username}!` })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Projects' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Create Project' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'How it works' })).toBeHidden();

    const account = nav.getByRole('button', { name: `Account menu for ${username}` });
    await account.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'account menu open');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(account).toBeFocused();

    await account.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(`${baseURL}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // Every section has loaded what it shows (a sign-out while they still load ends their reads with 401s).
    await expect(page.getByRole('heading', { name: 'Delete my account' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    await account.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();

    // The session really ended: a signed-in-only page now redirects again, even after a reload.
    await page.goto('/settings');
    await expect(page).toHaveURL(`${baseURL}/login?returnTo=%2Fsettings`);
  });

  test('at 375 px: the mobile menu lists the member pages and Logout', async ({ page, baseURL }) => {
    await signUpAndSignIn(page, baseURL!);
    await page.setViewportSize(MOBILE);
    await page.goto('/my-projects');
    await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
    await page.getByRole('button', { name: 'Main menu' }).click();
    const menu = page.locator('#mobile-menu');
    for (const name of ['My Projects', 'Create Project', 'Settings']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, 'signed-in mobile menu open');
    await menu.getByRole('link', { name: 'Create Project' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Project' })).toBeVisible();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Main menu' }).click();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Beat procrastination with money on the line' }),
    ).toBeVisible();
  });
});

test.describe('a page load', () => {
  test.use({ viewport: DESKTOP });

  test('knows who is signed in and has its screen code on the way, without asking /api/session', async ({
    page,
    baseURL,
  }) => {
    const sessionChecks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/session') sessionChecks.push(request.url());
    });
    const nav = page.getByRole('navigation', { name: 'Main' });

    await page.goto('/how-it-works');
    await expect(page.getByRole('heading', { level: 1, name: 'How Kept works' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();

    const { username } = await signUpAndSignIn(page, baseURL!);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('button', { name: `Account menu for ${username}` })).toBeVisible();
    expect(sessionChecks).toEqual([]);

    // The page names its screen's code itself, so the browser fetches it beside the entry script.
    const html = await (await page.request.get('/settings')).text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/settings-[\w-]+\.js">/);
  });
});
