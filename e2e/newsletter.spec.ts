import { expect, test } from './support/fixtures.ts';

// Journey: a visitor signs up for the newsletter from the footer.

test('subscribing from the footer', async ({ page }) => {
  await page.goto('/how-it-works');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByLabel('Email address');

  await email.fill(`  newsletter-${Date.now().toString(36)}@example.com  `);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Successfully subscribed! Check your email for confirmation.')).toBeVisible();
  await expect(footer.getByRole('button', { name: 'Subscribed!' })).toBeVisible();
  await expect(email).toHaveValue('');
  // The success state clears by itself after 5 seconds.
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible({ timeout: 8_000 });
  await expect(footer.getByText('Successfully subscribed! Check your email for confirmation.')).toBeHidden();
});
