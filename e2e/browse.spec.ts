import type { Locator, Page } from '@playwright/test';
import { newAccount, signUpAndSignIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';
import { DESKTOP, MOBILE } from './support/pages.ts';
import { createProjectViaApi, type ProjectDraft } from './support/projects.ts';

// Journeys: a visitor browses the home page's sections and carousels, filters projects (the filters live
// in the URL), opens category pages; a member stars projects and finds them under Favorites.
// The database starts empty and other tests add projects at the same time: every test makes its own
// projects, with a word nobody else uses in their titles, and looks for those.

// Each test first creates its projects through the payment path, and several browser-test runs may share
// this machine: allow time for that, without waiting any longer than needed.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

let counter = 0;
/** A word that appears in no other test's project titles (search matches words anywhere). */
function uniqueWord(): string {
  counter += 1;
  return `zq${Date.now().toString(36)}${process.pid.toString(36)}x${counter}`;
}

/** Signs `page` in as a new member and creates their projects through the real deposit path. */
async function memberWithProjects(
  page: Page,
  baseURL: string,
  drafts: Partial<ProjectDraft>[],
): Promise<{ ids: string[]; titles: string[] }> {
  await signUpAndSignIn(page, baseURL, newAccount());
  const ids: string[] = [];
  const titles: string[] = [];
  for (const draft of drafts) {
    const { projectId, draft: sent } = await createProjectViaApi(page.request, baseURL, draft);
    ids.push(projectId);
    titles.push(sent.title);
  }
  return { ids, titles };
}

/**
 * Lists the server shares between visitors are cached for a few seconds: open `path` until, once the
 * page has loaded (`loaded` shows), `ready` holds. A retry on a condition, not a fixed wait.
 */
async function openWhen(
  page: Page,
  path: string,
  loaded: Locator,
  ready: () => Promise<void>,
): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(loaded).toBeVisible({ timeout: 15_000 });
    await ready();
  }).toPass({ timeout: 45_000, intervals: [500, 1000, 2000] });
}

/** The home page has loaded its sections. */
function homeLoaded(page: Page): Locator {
  return section(page, 'Largest Commitments');
}

/** A category page has loaded its list (or found it empty). */
function categoryLoaded(page: Page): Locator {
  return page.getByText(/^\d+ projects? found$|^No projects found$/);
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

function cardTitles(scope: Locator): Promise<string[]> {
  return scope.getByRole('article').getByRole('link').allTextContents();
}

function pageLabel(scope: Locator): Locator {
  return scope.getByText(/^\d+ of \d+$/);
}

for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
] as const) {
  test.describe(`home page at ${label}`, () => {
    test.use({ viewport });

    test('sections page through their projects, cycling at both ends, by mouse and keyboard', async ({
      page,
      baseURL,
    }) => {
      const word = uniqueWord();
      await memberWithProjects(
        page,
        baseURL!,
        Array.from({ length: 6 }, (_, index) => ({
          title: `Carousel ${word} ${index + 1}`,
          tag: 'Reading',
          depositCents: 90_000 + index * 100,
        })),
      );
      const largest = section(page, 'Largest Commitments');
      await openWhen(page, '/', homeLoaded(page), async () => {
        await expect(pageLabel(largest)).toHaveText('1 of 2', { timeout: 1_000 });
      });

      await expect(largest.getByRole('link', { name: 'Largest Commitments' })).toHaveAttribute(
        'href',
        '/category/top-funded',
      );
      const first = await cardTitles(largest);
      expect(first).toHaveLength(4);

      // Card widths (§9): 140 px under 400 px; on a laptop four fit side by side, 24 px apart.
      const slots = largest.getByRole('listitem');
      const boxes = await Promise.all([0, 1].map((index) => slots.nth(index).boundingBox()));
      if (viewport.width < 400) {
        expect(boxes[0]!.width).toBe(140);
      } else {
        expect(boxes[0]!.width).toBeGreaterThanOrEqual(220);
        expect(boxes[0]!.width).toBeLessThanOrEqual(288);
        const last = await slots.nth(3).boundingBox();
        expect(last!.x + last!.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(boxes[1]!.x - (boxes[0]!.x + boxes[0]!.width)).toBe(24);

      const next = largest.getByRole('button', { name: 'Next' });
      const previous = largest.getByRole('button', { name: 'Previous' });
      await next.click();
      await expect(pageLabel(largest)).toHaveText('2 of 2');
      const second = await cardTitles(largest);
      expect(second.length).toBeGreaterThan(0);
      expect(second.some((title) => first.includes(title))).toBe(false);

      await next.click();
      await expect(pageLabel(largest)).toHaveText('1 of 2');
      expect(await cardTitles(largest)).toEqual(first);

      await previous.click();
      await expect(pageLabel(largest)).toHaveText('2 of 2');
      expect(await cardTitles(largest)).toEqual(second);

      await largest.getByRole('button', { name: 'Go to page 1' }).click();
      await expect(pageLabel(largest)).toHaveText('1 of 2');
      await expect(largest.getByRole('button', { name: 'Go to page 1' })).toHaveAttribute(
        'aria-current',
        'true',
      );

      // Keyboard alone.
      await next.focus();
      await page.keyboard.press('Enter');
      await expect(pageLabel(largest)).toHaveText('2 of 2');
      await page.keyboard.press('ArrowRight');
      await expect(pageLabel(largest)).toHaveText('1 of 2');
      // Back past the two dots to Previous.
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('Shift+Tab');
      await expect(previous).toBeFocused();
      await page.keyboard.press('Space');
      await expect(pageLabel(largest)).toHaveText('2 of 2');

      // Nothing sticks out sideways, and the page passes the accessibility check with its cards.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `home with sections at ${label}`);
    });

    test('filters run on the server, live in the URL and survive a reload', async ({ page, baseURL }) => {
      const word = uniqueWord();
      const { titles } = await memberWithProjects(page, baseURL!, [
        { title: `Sketch ${word} daily`, tag: 'Art', depositCents: 2_000 },
        { title: `Paint ${word} murals`, tag: 'Art', depositCents: 25_000 },
        { title: `Write ${word} poems`, tag: 'Writing', depositCents: 5_000 },
      ]);
      await page.goto('/');
      const search = page.getByRole('searchbox', { name: 'Search projects' });
      await expect(search).toHaveAttribute('placeholder', 'Search...');
      await search.fill(word);
      await expect(page).toHaveURL(`${baseURL}/?searchText=${word}`);
      await expect(page.getByText(/^3 of \d+ projects found$/)).toBeVisible();
      expect((await cardTitles(page.getByRole('main'))).sort()).toEqual([...titles].sort());

      await page.getByRole('button', { name: 'Advanced Filters' }).click();
      await page.getByRole('checkbox', { name: 'Art', exact: true }).check();
      await expect(page).toHaveURL(`${baseURL}/?searchText=${word}&categoryTags=Art`);
      await expect(page.getByText(/^2 of \d+ projects found$/)).toBeVisible();
      await page.getByLabel('Refundable amount min').fill('100');
      await expect(page).toHaveURL(
        `${baseURL}/?searchText=${word}&categoryTags=Art&refundAmountMinCents=10000`,
      );
      await expect(page.getByText(/^1 of \d+ projects found$/)).toBeVisible();
      await expect(page.getByRole('link', { name: titles[1]! })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `advanced filters open at ${label}`);

      // The filtered view can be shared: a reload (or the link) shows the same.
      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search projects' })).toHaveValue(word);
      await expect(page.getByRole('checkbox', { name: 'Art', exact: true })).toBeChecked();
      await expect(page.getByLabel('Refundable amount min')).toHaveValue('100');
      await expect(page.getByText(/^1 of \d+ projects found$/)).toBeVisible();

      await page.getByLabel('Refundable amount min').fill('5000');
      await expect(
        page.getByText('No projects found matching your filters. Try adjusting your search criteria.'),
      ).toBeVisible();

      await page.getByRole('button', { name: 'Clear All' }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole('searchbox', { name: 'Search projects' })).toHaveValue('');
      await expect(section(page, 'Largest Commitments')).toBeVisible();
    });
  });
}

test.describe('filtered list at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test("shows 50 at a time with 'Show More (N remaining)', and starts over when the filters change", async ({
    page,
    baseURL,
  }) => {
    const word = uniqueWord();
    await memberWithProjects(
      page,
      baseURL!,
      Array.from({ length: 52 }, (_, index) => ({
        title: `Many ${word} ${index + 1}`,
        tag: index % 2 === 0 ? 'Music' : 'Crafting',
      })),
    );
    await page.goto(`/?searchText=${word}`);
    await expect(page.getByText(/^52 of \d+ projects found$/)).toBeVisible();
    await expect(page.getByText('Showing first 50 results')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(50);
    await page.getByRole('button', { name: 'Show More (2 remaining)' }).click();
    await expect(page.getByRole('article')).toHaveCount(52);
    await expect(page.getByRole('button', { name: /Show More/ })).toBeHidden();
    await expect(page.getByText(/Showing first/)).toBeHidden();

    // A new filter set starts again from the first page.
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await page.getByRole('checkbox', { name: 'Music', exact: true }).check();
    await expect(page.getByText(/^26 of \d+ projects found$/)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(26);
    await page.getByRole('checkbox', { name: 'Music', exact: true }).uncheck();
    await expect(page.getByText(/^52 of \d+ projects found$/)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(50);
    await expect(page.getByRole('button', { name: 'Show More (2 remaining)' })).toBeVisible();
  });
});

for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
] as const) {
  test.describe(`cards and categories at ${label}`, () => {
    test.use({ viewport });

    test('a project finishing soon carries its days-left badge; its card opens the project', async ({
      page,
      baseURL,
    }) => {
      const word = uniqueWord();
      const { ids, titles } = await memberWithProjects(page, baseURL!, [
        // Started today, two days long: it ends tomorrow night, two days from now at most.
        { title: `Sprint ${word}`, tag: 'Fitness', lengthValue: 2, frequencyValue: 1, frequencyUnit: 'days' },
      ]);
      await openWhen(page, '/category/finishing-soon', categoryLoaded(page), async () => {
        await expect(page.getByRole('link', { name: titles[0]! })).toBeVisible({ timeout: 1_000 });
      });
      await expect(page.getByRole('heading', { level: 1, name: 'Finishing Soon' })).toBeVisible();
      await expect(page.getByText(/^\d+ projects? found$/)).toBeVisible();
      const card = page.getByRole('article').filter({ hasText: titles[0]! });
      await expect(card.getByText(/^[12] days? left$/)).toBeVisible();
      await expect(card.getByText('Your Project')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/category/finishing-soon at ${label}`);

      await card.getByRole('link', { name: titles[0]! }).click();
      await expect(page).toHaveURL(`${baseURL}/project/${ids[0]}`);
    });

    test('a tag category lists its projects for everyone; only the owner sees Your Project', async ({
      page,
      baseURL,
      browser,
    }) => {
      const word = uniqueWord();
      const { titles } = await memberWithProjects(page, baseURL!, [
        { title: `Knit ${word} scarf`, tag: 'Crafting', depositCents: 100_000 },
      ]);
      await openWhen(page, '/category/crafting', categoryLoaded(page), async () => {
        await expect(page.getByRole('link', { name: titles[0]! })).toBeVisible({ timeout: 1_000 });
      });
      await expect(page.getByRole('heading', { level: 1, name: 'Crafting' })).toBeVisible();
      await expect(page.getByText(/^\d+ projects? found$/)).toBeVisible();
      await expect(
        page.getByRole('article').filter({ hasText: titles[0]! }).getByText('Your Project'),
      ).toBeVisible();

      const visitorContext = await browser.newContext({ viewport });
      const visitor = await visitorContext.newPage();
      try {
        await openWhen(visitor, '/category/crafting', categoryLoaded(visitor), async () => {
          await expect(visitor.getByRole('link', { name: titles[0]! })).toBeVisible({ timeout: 1_000 });
        });
        const card = visitor.getByRole('article').filter({ hasText: titles[0]! });
        await expect(card.getByText('Your Project')).toBeHidden();
        await expect(card.getByRole('button', { name: /^Favorite / })).toBeHidden();
        await expectNoSeriousA11yViolations(visitor, `/category/crafting at ${label}`);
        await visitor.getByRole('link', { name: 'Back to home' }).click();
        await expect(visitor).toHaveURL(`${baseURL}/`);
      } finally {
        await visitorContext.close();
      }
    });

    test('a member stars a project: it joins Favorites on the home page and the favorites page', async ({
      page,
      baseURL,
    }) => {
      const word = uniqueWord();
      const { titles } = await memberWithProjects(page, baseURL!, [
        { title: `Star ${word} me`, tag: 'Music' },
      ]);
      const title = titles[0]!;
      await page.goto(`/?searchText=${word}`);
      const star = page.getByRole('button', { name: `Favorite ${title}` });
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      // The star does not open the project.
      await expect(page).toHaveURL(`${baseURL}/?searchText=${word}`);

      await page.getByRole('button', { name: 'Clear All' }).click();
      const favorites = section(page, 'Favorites');
      await expect(favorites.getByRole('link', { name: title })).toBeVisible();
      await expect(favorites.getByRole('button', { name: `Favorite ${title}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await favorites.getByRole('link', { name: 'Favorites' }).click();
      await expect(page).toHaveURL(`${baseURL}/category/favorites`);
      await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
      await expect(page.getByText('1 project found')).toBeVisible();
      await page.getByRole('button', { name: `Favorite ${title}` }).click();
      await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
      await expect(page.getByText('Tap the star on any project to keep it here.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create the First Project' })).toBeHidden();
      await page.getByRole('main').getByRole('link', { name: 'Browse Projects' }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
    });
  });
}

test('favorites ask an anonymous visitor to log in, who gets no stars', async ({ page }) => {
  await page.goto('/category/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log in to see your favorites' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toHaveAttribute(
    'href',
    '/login?returnTo=%2Fcategory%2Ffavorites',
  );
  await expect(page.getByRole('link', { name: 'Create the First Project' })).toBeHidden();
  await page.goto('/');
  await expect(section(page, 'Largest Commitments')).toBeVisible();
  await expect(page.getByText('Loading projects...')).toBeHidden();
  await expect(page.getByRole('button', { name: /^Favorite / })).toHaveCount(0);
  await expect(section(page, 'Favorites')).toBeHidden();
});
