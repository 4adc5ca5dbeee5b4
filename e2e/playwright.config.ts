// Browser tests against the built app, served by the real server on a fresh data folder, in Debian's Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
// Several people (or CI jobs) may run the suite at once on one machine: each run can pick its own port and
// build folder (KEPT_E2E_PORT, KEPT_E2E_WEB_DIST); by default the usual apps/web/dist on port 3100.
const PORT = Number(process.env.KEPT_E2E_PORT ?? 3100);
const webDist = path.resolve(repoRoot, process.env.KEPT_E2E_WEB_DIST ?? 'apps/web/dist');
process.env.KEPT_E2E_WEB_DIST = webDist;
const BASE_URL = `http://localhost:${PORT}`;

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}, so the browser tests cannot run.\n` +
      'Install Debian\'s Chromium with "sudo apt-get install chromium", or point CHROMIUM_PATH at a ' +
      'Chromium/Chrome executable (for example CHROMIUM_PATH=/usr/bin/google-chrome npm test -w e2e).',
  );
}

// One fresh, absolute data folder per run. The config is also loaded by every worker process; they inherit
// the folder through the environment instead of each making their own.
const ownsDataDir = process.env.KEPT_E2E_DATA_DIR === undefined;
const dataDir = (process.env.KEPT_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'kept-e2e-')));
if (ownsDataDir && process.env.KEPT_E2E_KEEP_DATA !== '1') {
  // The runner exits only after the web server has shut down (and stopped its database).
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Lighthouse measures speed, so it runs on its own, after these, on a server of its own (lighthouse.config.ts).
  testIgnore: '**/lighthouse.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Generous: the suite shares a 2-core machine with builds and other test runs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    // Each test's fresh browser would install the service worker and precache the whole app (about
    // 850 KB) on this shared machine: blocked here, allowed in pwa.spec.ts, which tests it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npm run build -w apps/web && node apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(PORT),
      BASE_URL,
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      WEB_DIST_DIR: webDist,
      KEPT_WEB_OUT_DIR: webDist,
      // Read the client address from X-Forwarded-For: the test helpers present each account they create
      // as its own client, so the per-IP sign-up and sign-in limits count per test, not for the whole run.
      TRUST_PROXY: '1',
      // The overload bounds measure how busy this shared machine is (two Chromiums, the build and other
      // test runs), not the app: the screens are tested here, the overload answers in overload.test.ts.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DATABASE_POOL_WAIT_MS: '10000',
      // Likewise the charge deadline: a card form's request that took 300 ms to reach its charge on this
      // busy machine was refused with 503 (the deadline is tested in the payments suite).
      CHARGE_DEADLINE_MS: '0',
    },
  },
});
