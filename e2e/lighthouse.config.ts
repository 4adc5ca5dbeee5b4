// Lighthouse (lighthouse.spec.ts) on its own: one worker, after the browser tests rather than beside them
// (simulated throttling scales what it measures on this machine, so other work in parallel lowers the
// performance score), on a server of its own with the demo content a fresh install shows.
//   npx playwright test -c lighthouse.config.ts
// KEPT_E2E_REUSE_BUILD=1 serves the build already in KEPT_E2E_WEB_DIST (npm test has just made it).
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

const server = base.webServer;
if (!server || Array.isArray(server)) throw new Error('playwright.config.ts should have one web server');

const webDist = process.env.KEPT_E2E_WEB_DIST!;
const reuseBuild =
  process.env.KEPT_E2E_REUSE_BUILD === '1' && fs.existsSync(path.join(webDist, '.vite', 'manifest.json'));

export default defineConfig({
  ...base,
  testMatch: 'lighthouse.spec.ts',
  testIgnore: [],
  outputDir: 'test-results/lighthouse',
  workers: 1,
  fullyParallel: false,
  // Three pages, one after the other, each loaded once and then audited (lighthouse.spec.ts), 10–20 s a
  // page on an idle 2-core machine; the bound leaves room for a host several times slower.
  timeout: 180_000,
  webServer: {
    ...server,
    command: reuseBuild ? 'node apps/server/src/main.ts' : server.command,
    env: { ...server.env, DEMO_DATA: '1' },
  },
});
