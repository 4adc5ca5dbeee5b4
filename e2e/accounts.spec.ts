import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { resetPasswordPath, waitForEmail } from './support/outbox.ts';
import { DESKTOP, MOBILE } from './support/pages.ts';

// Journeys: a new user signs up, signs in, renames themselves and picks a timezone, signs out; a user who
// forgot their password resets it with the emailed link.

const sameOrigin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

async function sessionUser(request: APIRequestContext): Promise<unknown> {
  const response = await request.get('/api/session');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: unknown }).user;
}

function accountMenu(page: Page, username: string) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: `Account menu for ${username}` });
}

test.describe('a new account, from sign-up to sign-out', () => {
  // The browser says it is in New York: that is the timezone a new account gets.
  test.use({ viewport: DESKTOP, timezoneId: 'America/New_York' });

  test('signs up, signs in, changes username and timezone, signs out', async ({ page, baseURL }) => {
    // One long journey with an accessibility check on every screen it passes.
    test.slow();
    const account = newAccount();
    const renamed = `${account.username.slice(0, 26)}_new`;

    // Sign up, on the way to the settings page.
    await page.goto('/signup?returnTo=%2Fsettings');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    const main = page.getByRole('main');
    const username = main.getByRole('textbox', { name: 'Username' });
    await expect(username).toHaveAccessibleDescription(
      '3-30 characters, letters, numbers, underscores, and hyphens only',
    );

    // The shared rules answer before anything is sent.
    await main.getByRole('button', { name: 'Sign up' }).click();
    await expect(main.getByRole('alert')).toHaveText('Email, password, and username are required.');
    await username.fill('admin');
    await main.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByRole('button', { name: 'Sign up' }).click();
    await expect(main.getByText('Username contains inappropriate content')).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, 'signup with errors');

    await username.fill(account.username);
    await main.getByRole('button', { name: 'Sign up' }).click();

    // To the login page, carrying returnTo, with the email filled in.
    await expect(page).toHaveURL(`${baseURL}/login?returnTo=%2Fsettings`);
    await expect(main.getByRole('status').filter({ hasText: 'Next, log in' })).toContainText(
      "If this email is new, your account is ready; if it already has an account, we've emailed you how to sign in.",
    );
    await expect(main.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
    await expectNoSeriousA11yViolations(page, 'login after signup');
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByRole('button', { name: 'Log in' }).click();

    // Signed in, then on to the page asked for.
    await expect(page).toHaveURL(`${baseURL}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(accountMenu(page, account.username)).toBeVisible();

    const usernameSection = main.getByRole('region', { name: 'Username' });
    const timezoneSection = main.getByRole('region', { name: 'Timezone' });
    const usernameField = usernameSection.getByRole('textbox', { name: 'Username' });
    const timezone = timezoneSection.getByRole('combobox', { name: 'Timezone' });
    await expect(usernameField).toHaveValue(account.username);
    await expect(timezone).toHaveValue('America/New_York');
    await expect(timezoneSection.getByText(/matches your saved timezone/)).toBeVisible();
    await expect(timezone.locator('optgroup')).toHaveCount(5);
    await expect(timezone.locator('option')).toHaveCount(35);
    await expectNoSeriousA11yViolations(page, 'settings');

    // Rename.
    await usernameField.fill('');
    await expect(usernameSection.getByRole('button', { name: 'Save' })).toBeDisabled();
    await usernameField.fill(`  ${renamed}  `);
    await usernameSection.getByRole('button', { name: 'Save' }).click();
    await expect(usernameSection.getByText('Username updated successfully!')).toBeVisible();
    await expect(usernameField).toHaveValue(renamed);
    await expect(accountMenu(page, renamed)).toBeVisible();

    // Move to Tokyo; the device (New York) now differs, in red.
    await timezone.selectOption('Asia/Tokyo');
    await timezoneSection.getByRole('button', { name: 'Save' }).click();
    await expect(timezoneSection.getByText('Timezone updated to Tokyo')).toBeVisible();
    await expect(timezoneSection.getByText(/is different from your saved timezone/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'settings after saving');

    // Saved on the server: still there after a reload.
    await page.reload();
    await expect(usernameField).toHaveValue(renamed);
    await expect(timezone).toHaveValue('Asia/Tokyo');

    // The public profile follows the new name; the old one is free.
    await page.goto(`/user/${renamed}`);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(main.getByText(/^Joined \w+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(main.getByRole('heading', { name: 'No Projects Yet' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'own profile');

    await page.goto(`/user/${account.username}`);
    await expect(page.getByRole('heading', { level: 1, name: 'User Not Found' })).toBeVisible();
    await expect(main.getByText(`The user "${account.username}" does not exist.`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile not found');
    await main.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(`${baseURL}/user/${renamed}`);

    // Sign out: the session ends on the server and the app forgets the user.
    await accountMenu(page, renamed).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(await sessionUser(page.request)).toBeNull();
    await page.goto('/settings');
    await expect(page).toHaveURL(`${baseURL}/login?returnTo=%2Fsettings`);
  });
});

test.describe('forgotten password', () => {
  test.use({ viewport: DESKTOP });

  test('resets it with the emailed link; the old password and other sessions stop working', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The account is also signed in on another device.
    const otherDevice = await browser.newContext({ baseURL: baseURL! });
    const account = await signUpAndSignIn(await otherDevice.newPage(), baseURL!);
    expect(await sessionUser(otherDevice.request)).toMatchObject({ username: account.username });

    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(`${baseURL}/forgot-password`);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await main.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      main.getByText(
        'Password reset email sent! Please check your inbox and follow the instructions to reset your password.',
      ),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Send Another Email' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'reset email sent');

    // The link in the email (the newest one to this address).
    const email = await waitForEmail(account.email, 'Reset your Kept password');
    const link = resetPasswordPath(email);
    const token = new URL(link, baseURL).searchParams.get('token')!;

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    const password = main.getByLabel('New password', { exact: true });
    const confirm = main.getByLabel('Confirm new password');
    await password.fill('a-brand-new-password');
    await confirm.fill('a-brand-new-passw0rd');
    await main.getByRole('button', { name: 'Reset Password' }).click();
    await expect(confirm).toHaveAccessibleDescription('Passwords do not match.');
    await expectNoSeriousA11yViolations(page, 'reset with mismatch');
    await confirm.fill('a-brand-new-password');
    await main.getByRole('button', { name: 'Reset Password' }).click();
    await expect(main.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();

    // On to the login page by itself after 3 s.
    await expect(page).toHaveURL(`${baseURL}/login`, { timeout: 10_000 });

    // The other device was signed out; the link works only once; the old password no longer works.
    expect(await sessionUser(otherDevice.request)).toBeNull();
    await otherDevice.close();
    const reuse = await page.request.post('/api/auth/reset-password', {
      headers: sameOrigin(baseURL!),
      data: { token, password: 'yet-another-one', confirmPassword: 'yet-another-one' },
    });
    expect(reuse.status()).toBe(400);
    const oldPassword = await page.request.post('/api/auth/sign-in', {
      headers: sameOrigin(baseURL!),
      data: { email: account.email, password: account.password },
    });
    expect(oldPassword.status()).toBe(401);
    // Opening the used link again says so at once, before anything is typed.
    await page.goto(link);
    await expect(main.getByRole('alert')).toContainText(
      'Invalid reset link. Please request a new password reset.',
    );
    await expect(main.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.goto('/login');

    await main.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome back, ${account.username}!` }),
    ).toBeVisible();
  });
});

test.describe('account forms on a phone (375 px)', () => {
  test.use({ viewport: MOBILE });

  test('show their errors next to the fields, accessibly, without scrolling sideways', async ({ page }) => {
    const main = page.getByRole('main');
    const noSidewaysScroll = async () =>
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        'horizontal overflow in px',
      ).toBeLessThanOrEqual(0);

    await page.goto('/login');
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(main.getByRole('alert')).toHaveText('Email and password are required.');
    await noSidewaysScroll();
    await expectNoSeriousA11yViolations(page, 'login errors at 375 px');

    await page.goto('/signup');
    await main.getByRole('textbox', { name: 'Username' }).fill('no');
    await main.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await main.getByLabel('Password', { exact: true }).fill('123');
    await main.getByRole('button', { name: 'Sign up' }).click();
    await expect(main.getByText('Username must be at least 3 characters long')).toBeVisible();
    await expect(main.getByText('Please enter a valid email address')).toBeVisible();
    await expect(main.getByText('Password must be at least 6 characters long.')).toBeVisible();
    await noSidewaysScroll();
    await expectNoSeriousA11yViolations(page, 'signup errors at 375 px');

    await page.goto('/reset-password');
    await expect(
      main.getByText('Invalid or missing reset tokens. Please request a new password reset.'),
    ).toBeVisible();
    await main.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await main.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(main.getByText('Please enter your email address')).toBeVisible();
    await noSidewaysScroll();
    await expectNoSeriousA11yViolations(page, 'forgot password errors at 375 px');
  });

  test('settings and a profile fit a phone', async ({ page, baseURL }) => {
    const account = await signUpAndSignIn(page, baseURL!);
    await page.goto('/settings');
    const main = page.getByRole('main');
    await expect(main.getByRole('textbox', { name: 'Username' })).toHaveValue(account.username);
    await expect(main.getByRole('link', { name: 'Back to My Projects' })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'settings at 375 px');

    await page.goto(`/user/${account.username}`);
    await expect(main.getByRole('heading', { name: 'No Projects Yet' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile at 375 px');
  });
});
