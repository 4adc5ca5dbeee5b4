import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker process runs file after file instead of a new process per file (decision 038); every
    // file builds its own app on its own database, so nothing is shared but loaded modules.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
