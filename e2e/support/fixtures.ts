import { test as base, expect } from '@playwright/test';

interface PageProblem {
  text: string;
  url: string;
}

/**
 * `test` with a guard: any console error or uncaught exception in the page fails the test that caused it.
 * One exception: a page whose own document is answered with 404 (a project or profile that does not
 * exist) makes the browser log that status; that is the server being truthful, not an error of the page.
 * The same goes for the page's own API read of that thing (GET /api/… answered 404), which the page
 * turns into its not-found state.
 */
export const test = base.extend<{ consoleErrors: PageProblem[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const problems: PageProblem[] = [];
      const notFoundDocuments = new Set<string>();
      page.on('response', (response) => {
        const request = response.request();
        if (response.status() !== 404) return;
        const isDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
        const isApiRead =
          request.method() === 'GET' &&
          ['fetch', 'xhr'].includes(request.resourceType()) &&
          new URL(response.url()).pathname.startsWith('/api/');
        if (isDocument || isApiRead) notFoundDocuments.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push({ text: message.text(), url: message.location().url });
      });
      page.on('pageerror', (error) => problems.push({ text: `uncaught: ${error.message}`, url: page.url() }));

      await use(problems);

      const unexpected = problems
        .filter(({ text, url }) => !(notFoundDocuments.has(url) && /status of 404/.test(text)))
        .map(({ text, url }) => `${text} (${url})`);
      expect(unexpected, 'The page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
