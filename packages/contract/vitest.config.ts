import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A limit, not a speed target: property tests run thousands of cases and CI machines can be busy.
    testTimeout: 60_000,
    // Pure functions, no global state to leak between files: one worker set for all files is enough.
    isolate: false,
  },
});
