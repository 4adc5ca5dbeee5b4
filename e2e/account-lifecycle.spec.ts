// Journeys of issue 24 about the account itself: changing the email address from Settings (the link to
// the new address changes it, the old address gets an undo link that takes the account back and signs
// every device out), and deleting the account (refused while a project is running, listed by title;
// allowed once it is settled, then the project's page shows 'Deleted user').
import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForEmail } from './support/outbox.ts';
import { allowConsoleErrors, createProjectViaApi } from './support/projects.ts';

function linkPath(body: string, page: string): string {
  const match = new RegExp(`/${page}\\?token=[^\\s"'<>&]+`).exec(body);
  if (!match) throw new Error(`No /${page}?token=… link in:\n${body}`);
  return match[0];
}

test('changes the email address with the link sent to it, then the old address undoes it', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page, baseURL!);
  const newEmail = `moved-${account.username}@example.org`;

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Change email' });
  await expect(section.getByText(account.email)).toBeVisible();
  await section.getByLabel('New email address').fill(newEmail);
  await section.getByLabel('Current password', { exact: true }).fill('not my password');
  await section.getByRole('button', { name: 'Send the link' }).click();
  await expect(
    section.getByText('Your current password is not right. Please try again.').first(),
  ).toBeVisible();
  // What was typed stays after a refusal.
  await expect(section.getByLabel('New email address')).toHaveValue(newEmail);
  await section.getByLabel('Current password', { exact: true }).fill(account.password);
  await section.getByRole('button', { name: 'Send the link' }).click();
  await expect(
    section.getByText(
      `We sent a link to ${newEmail}. Your address changes when you open it, within 24 hours.`,
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings, email change requested');

  const confirmMail = await waitForEmail(newEmail, 'Confirm your new email address for Kept');
  const confirmLink = linkPath(confirmMail.body, 'confirm-email-change');
  await page.goto(confirmLink);
  await expect(
    page.getByText('Your email address is changed. Kept writes to the new address from now on.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'email change confirmed');
  // The link works once.
  await page.goto(confirmLink);
  await expect(page.getByText('This link has expired or has already been used.')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Change email' }).getByText(newEmail)).toBeVisible();
  // Settings, with its long address, fits a 320 px phone.
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow on /settings').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The old address is told, with the way back.
  const notice = await waitForEmail(account.email, 'The email address of your Kept account was changed');
  expect(notice.body).toContain(newEmail);
  await page.goto(linkPath(notice.body, 'undo-email-change'));
  await expect(
    page.getByText('Your old email address is back, and every device was signed out.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'email change undone');

  // Signed out everywhere: Settings asks to sign in; the old address signs in again, the new one does not.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  const origin = { Origin: new URL(baseURL!).origin };
  const withNew = await page.request.post('/api/auth/sign-in', {
    headers: origin,
    data: { email: newEmail, password: account.password },
  });
  expect(withNew.status()).toBe(401);
  const withOld = await page.request.post('/api/auth/sign-in', {
    headers: origin,
    data: { email: account.email, password: account.password },
  });
  expect(withOld.ok()).toBe(true);
  // The wrong password, the spent link and the refused sign-in are answered 400/401 on purpose.
  allowConsoleErrors(consoleErrors, /status of 400/, /status of 400/);
});

test('deleting the account waits for a running project, then erases it and leaves "Deleted user"', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page, baseURL!);
  const title = `Build a birdhouse ${Date.now().toString(36)}`;
  const { projectId } = await createProjectViaApi(page.request, baseURL!, { title });

  // While the project runs, Settings says so and links it.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Delete my account' });
  await expect(section.getByText("You can't delete your account yet")).toBeVisible();
  await expect(section.getByRole('link', { name: title })).toHaveAttribute('href', `/project/${projectId}`);
  await expect(section.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'settings, deletion blocked');

  // The owner ends it early; once its refund has gone out, the account can be deleted.
  const end = await page.request.post(`/api/projects/${projectId}/end`, {
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(end.ok(), await end.text()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(section.getByLabel('Password', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(section.getByText('This cannot be undone.')).toBeVisible();

  // A wrong password is refused in the confirmation, then the right one deletes.
  await section.getByLabel('Password', { exact: true }).fill('not my password');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Payment records stay, without your name.');
  await expectNoSeriousA11yViolations(page, 'delete account dialog');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Your password is not right. Please try again.')).toBeVisible();
  await section.getByLabel('Password', { exact: true }).fill(account.password);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  // Home, signed out; the session is gone on the server too.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect((await (await page.request.get('/api/session')).json()).user).toBeNull();
  const signIn = await page.request.post('/api/auth/sign-in', {
    headers: { Origin: new URL(baseURL!).origin },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status()).toBe(401);

  // The project's page stays readable, its owner shown as 'Deleted user'; the profile is gone.
  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Deleted user')).toBeVisible();
  await expect(page.getByText(account.username)).toHaveCount(0);
  await page.goto(`/user/${account.username}`);
  await expect(page.getByText('User Not Found')).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 400/, /status of 401/, /status of 404/);
});
