import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 30_000,
    // One jsdom per worker, reused by the files it runs, instead of a fresh process and jsdom per file
    // (decision 038). Every file's DOM, network handlers, mocks and globals are reset after each test
    // (test/setup.ts, restoreMocks, unstubGlobals), so files do not see each other's state.
    isolate: false,
  },
});
