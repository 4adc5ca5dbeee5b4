import { test as base, expect } from '@playwright/test';

/**
 * `test` with a guard: any console error or uncaught exception in the page fails the test that caused it.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'The page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
