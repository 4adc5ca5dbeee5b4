import { signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { createProjectViaApi } from './support/projects.ts';

// Journey: a member with a running project sets their reminders in Settings (they hold after a reload),
// gets a calendar link that a new one replaces, and sees their streak and heatmap on My Projects, their
// profile and the project page, the heatmap readable as a table, with no serious accessibility problem.

test('reminder settings round trip, the calendar link, and the history views', async ({ page, baseURL }) => {
  test.slow();
  const account = await signUpAndSignIn(page, baseURL!);
  const { projectId } = await createProjectViaApi(page.request, baseURL!, {
    title: `Sketch daily ${Date.now()}`,
  });

  await page.goto('/settings');
  const reminders = page.getByRole('region', { name: 'Reminders' });
  await expect(reminders.getByRole('checkbox', { name: 'Email reminders' })).toBeChecked();
  await reminders.getByRole('checkbox', { name: 'The evening before (6 pm)' }).check();
  await reminders.getByRole('checkbox', { name: /quiet hours/ }).check();
  await reminders.getByLabel('From').fill('21:30');
  await reminders.getByLabel('Until').fill('07:15');
  await reminders.getByRole('button', { name: 'Save' }).click();
  await expect(reminders.getByText('Reminder settings saved.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings with reminders');

  await page.reload();
  const again = page.getByRole('region', { name: 'Reminders' });
  await expect(again.getByRole('checkbox', { name: 'The evening before (6 pm)' })).toBeChecked();
  await expect(again.getByLabel('From')).toHaveValue('21:30');
  await expect(again.getByLabel('Until')).toHaveValue('07:15');

  // The calendar link works; a new one replaces it and the old one stops working.
  const calendar = page.getByRole('region', { name: 'Calendar' });
  const link = calendar.getByRole('textbox', { name: 'Your calendar link' });
  const oldUrl = await link.inputValue();
  const feed = await page.request.get(oldUrl);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  page.once('dialog', (dialog) => void dialog.accept());
  await calendar.getByRole('button', { name: 'Get a new link' }).click();
  await expect(calendar.getByText('New link made. The old one no longer works.')).toBeVisible();
  await expect(link).not.toHaveValue(oldUrl);
  expect((await page.request.get(oldUrl)).status()).toBe(404);

  // History: My Projects, the profile, the project page; the heatmap as a table from the keyboard.
  for (const [path, name] of [
    ['/my-projects', 'Your streak and history'],
    [`/user/${account.username}`, 'Streak and history'],
    [`/project/${projectId}`, 'Streak and history'],
  ] as const) {
    await page.goto(path);
    const history = page.getByRole('region', { name });
    await expect(history.getByText('Current streak')).toBeVisible();
    await expect(history.getByText('1 check-in on 1 day in the last year.')).toBeVisible();
    const disclosure = history.getByText('Show as a table');
    await disclosure.focus();
    await page.keyboard.press('Enter');
    await expect(history.getByRole('table')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `history on ${path}`);
  }
});
