import type { Locator, Page } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { createProjectViaApi } from './support/projects.ts';

// Journey: a visitor on a small phone opens the donation dialog and scrolls through it; its heading,
// description and close button stay clear of the content scrolling beneath them.

test.use({ viewport: { width: 375, height: 500 } });
test.describe.configure({ timeout: 120_000 });

/** Is `target` drawn on top at its own centre (not covered by anything else)? */
async function isOnTop(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  return target.evaluate(
    (element, { x, y }) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (top === element || element.contains(top));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

/** The box in which the dialog's scrolling content is drawn (it is clipped to it). */
async function scrollingBox(inside: Locator): Promise<{ top: number; bottom: number; scrollTop: number }> {
  return inside.evaluate((element) => {
    let node: HTMLElement | null = element.parentElement;
    while (node && !['auto', 'scroll'].includes(getComputedStyle(node).overflowY)) node = node.parentElement;
    if (!node) throw new Error('no scrolling ancestor');
    const rect = node.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, scrollTop: node.scrollTop };
  });
}

test('the donation dialog scrolls its content below its header, never into it', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await browser.newContext({ baseURL });
  const ownerPage = await owner.newPage();
  await signUpAndSignIn(ownerPage, baseURL!);
  const { projectId } = await createProjectViaApi(ownerPage.request, baseURL!, { depositCents: 5000 });
  await owner.close();

  await page.goto(`/project/${projectId}`);
  await page.getByRole('button', { name: 'Support This Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support This Project' });
  const heading = dialog.getByRole('heading', { name: 'Support This Project' });
  const description = dialog.getByText(/^Back .* on "/);
  const close = dialog.getByRole('button', { name: 'Close' });
  await expect(description).toBeVisible();
  const donate = dialog.getByRole('button', { name: /^Donate/ });

  // To the end of the content, then part of the way back: the content is taller than the dialog.
  for (const target of [donate, dialog.getByText('Your details (optional)')]) {
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport();
    const scroller = await scrollingBox(donate);
    expect(scroller.scrollTop, 'the content has scrolled').toBeGreaterThan(0);
    const headingBox = (await heading.boundingBox())!;
    const descriptionBox = (await description.boundingBox())!;
    const closeBox = (await close.boundingBox())!;
    const headerBottom = Math.max(
      headingBox.y + headingBox.height,
      descriptionBox.y + descriptionBox.height,
      closeBox.y + closeBox.height,
    );
    // The content is drawn only below the header, with a clear gap: it never runs into the header's text.
    expect(
      scroller.top - headerBottom,
      'gap between the header and the scrolled content',
    ).toBeGreaterThanOrEqual(12);
    for (const part of [heading, description, close]) expect(await isOnTop(page, part)).toBe(true);
  }
});
