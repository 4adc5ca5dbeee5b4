// Journeys of issue 24 ("your account and your data"): a new user confirms their address from the
// emailed link after asking Settings' banner for it again, then changes their password in Settings, which
// signs their other browser out and tells them by email.
import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForEmail } from './support/outbox.ts';
import { allowConsoleErrors } from './support/projects.ts';

const CONFIRM_SUBJECT = 'Confirm your email address for Kept';
const BANNER = 'Please confirm your email address';

test('confirms the address with the emailed link, then changes the password from Settings', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page, baseURL!);

  // Unconfirmed: a calm banner on every page, with a way to get the link again.
  await page.goto('/settings');
  await expect(page.getByText(BANNER)).toBeVisible();
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('A new link is on its way. Please check your inbox.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings, unconfirmed');

  const mail = await waitForEmail(account.email, CONFIRM_SUBJECT);
  const link = /\/verify-email\?token=[^\s"'<>&]+/.exec(mail.body);
  expect(link, mail.body).not.toBeNull();
  await page.goto(link![0]);
  await expect(page.getByText('Thank you: your email address is confirmed.')).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  // The link works once.
  await page.goto(link![0]);
  await expect(page.getByText('This confirmation link has expired or has already been used.')).toBeVisible();

  // A second browser signed in to the same account.
  const other = await browser.newContext({ baseURL: baseURL! });
  const otherPage = await other.newPage();
  const signIn = await otherPage.request.post('/api/auth/sign-in', {
    headers: { Origin: new URL(baseURL!).origin },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok()).toBe(true);

  // Change the password in Settings: a wrong current password first, then the right one.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Change password' });
  await section.getByLabel('Current password', { exact: true }).fill('not my password');
  await section.getByLabel('New password', { exact: true }).fill('a-new-long-password');
  await section.getByLabel('Confirm new password', { exact: true }).fill('a-new-long-password');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(
    section.getByText('Your current password is not right. Please try again.').first(),
  ).toBeVisible();
  await section.getByLabel('Current password', { exact: true }).fill(account.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Password changed. Every other session has been signed out.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings, password changed');

  // This browser stays signed in; the other one is signed out.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const otherSession = await otherPage.request.get('/api/session');
  expect((await otherSession.json()).user).toBeNull();
  await other.close();

  const notice = await waitForEmail(account.email, 'Your Kept password was changed');
  expect(notice.body).toContain('/forgot-password');
  // The two refusals above (the spent link, the wrong current password) are answered 400 on purpose.
  allowConsoleErrors(consoleErrors, /status of 400/, /status of 400/);
});
