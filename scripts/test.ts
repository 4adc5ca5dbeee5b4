// `npm test`: every check, in order — types, lint, unit, integration, browser, Lighthouse. Runs them all, then
// prints what failed and one closing count line. Exits non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.tmp', 'test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

type Step = {
  name: string;
  cwd: string;
  cmd: string[];
  results?: { file: string; kind: 'vitest' | 'playwright' };
  env?: Record<string, string>;
};

const vitest = (name: string, dir: string): Step => {
  const file = path.join(resultsDir, `${name}.json`);
  return {
    name,
    cwd: path.join(root, dir),
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    results: { file, kind: 'vitest' },
  };
};
const e2eResults = path.join(resultsDir, 'browser.json');
const lighthouseResults = path.join(resultsDir, 'lighthouse.json');

const only = process.argv.slice(2);
// Only on request (.ci/run, with TEST_DATABASE_URL): the integration tests of money, jobs, queries and triggers once
// more against a PostgreSQL server of its own (production's shape), beside the full run on the embedded
// one. The rest (HTTP, auth, the screens' answers, the process-level crash and two-worker runs) does not
// depend on which PostgreSQL answers, and CI's time is bounded.
const SERVICE_SUITES = [
  'ledger',
  'settlement',
  'payment',
  'stripe',
  'donations',
  'supporters',
  'commitments',
  'ending-stripe',
  'transparency',
  'money-history',
  'checkins',
  'jobs.test',
  'reconcile-flood',
  'browse-search',
  'schema',
  'overload',
  'project-page-cache',
  'account-lifecycle',
];
const serverOnService: Step = {
  ...vitest('server-service', 'apps/server'),
};
serverOnService.cmd.push(...SERVICE_SUITES.map((name) => `test/${name}`));
const allSteps: Step[] = [
  { name: 'typecheck', cwd: root, cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', cwd: root, cmd: ['npm', 'run', '--silent', 'lint'] },
  vitest('domain', 'packages/domain'),
  vitest('contract', 'packages/contract'),
  vitest('web', 'apps/web'),
  vitest('server', 'apps/server'),
  {
    name: 'browser',
    cwd: path.join(root, 'e2e'),
    cmd: ['npx', 'playwright', 'test', '--reporter=list,json'],
    results: { file: e2eResults, kind: 'playwright' },
  },
  // Lighthouse on its own after the browser tests (its performance score depends on what else runs), on
  // the build they just made (e2e/lighthouse.config.ts).
  {
    name: 'lighthouse',
    cwd: path.join(root, 'e2e'),
    cmd: ['npx', 'playwright', 'test', '-c', 'lighthouse.config.ts', '--reporter=list,json'],
    results: { file: lighthouseResults, kind: 'playwright' },
    // Accessibility, best practices and SEO are held to the bars, and so is what a host's speed
    // cannot change: no layout shift, no script blocking the first paint. The mobile performance score
    // follows the host's speed, so it is printed without a bar (decision 058); the bytes of script each
    // screen loads have their bars in budget.spec.ts.
    env: {
      PLAYWRIGHT_JSON_OUTPUT_FILE: lighthouseResults,
      KEPT_E2E_REUSE_BUILD: '1',
      KEPT_LIGHTHOUSE_MIN_PERFORMANCE: 'none',
    },
  },
];
const steps =
  only.length === 0 ? allSteps : [...allSteps, serverOnService].filter((s) => only.includes(s.name));

let passed = 0;
let failed = 0;
const failedSteps: string[] = [];
/** Each failed test's name and the start of its message, printed again at the end of the run. */
const failures: string[] = [];
const started = Date.now();

const env = {
  ...process.env,
  PLAYWRIGHT_JSON_OUTPUT_FILE: e2eResults,
  FORCE_COLOR: process.env.CI ? '0' : '1',
};

function record(step: Step, exitedOk: boolean, seconds: number): void {
  const counts = step.results ? readResults(step.results.file, step.results.kind) : undefined;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    failures.push(...counts.failures.map((failure) => `${step.name}: ${failure}`));
  }
  // A failed test fails its step whatever the runner's exit status says.
  const ok = exitedOk && (!counts || counts.failed === 0);
  if (!ok) {
    failedSteps.push(step.name);
    if (!counts || counts.failed === 0) failed += 1; // a step that failed outside its tests still counts
  }
  console.log(`${ok ? '✔' : '✘'} ${step.name} (${seconds.toFixed(1)} s)`);
}

/** Type checking and linting use one core each: run them side by side, then print each one's output. */
function runBuffered(step: Step): Promise<void> {
  const t0 = Date.now();
  const [command, ...args] = step.cmd;
  return new Promise((resolve) => {
    const child = spawn(command!, args, { cwd: step.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => {
      console.log(`\n▶ ${step.name}: ${step.cmd.join(' ')}`);
      if (output.trim()) console.log(output.trimEnd());
      record(step, code === 0, (Date.now() - t0) / 1000);
      resolve();
    });
  });
}

const STATIC = new Set(['typecheck', 'lint']);
await Promise.all(steps.filter((s) => STATIC.has(s.name)).map(runBuffered));

for (const step of steps.filter((s) => !STATIC.has(s.name))) {
  console.log(`\n▶ ${step.name}: ${step.cmd.join(' ')}`);
  const t0 = Date.now();
  const [command, ...args] = step.cmd;
  const run = spawnSync(command!, args, { cwd: step.cwd, stdio: 'inherit', env: { ...env, ...step.env } });
  record(step, run.status === 0, (Date.now() - t0) / 1000);
}

console.log(`\nAll checks took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
// The end of a long log is what survives when only part of it is kept: name what failed here too.
for (const failure of failures) console.log(`\n✘ ${failure}`);
if (failedSteps.length) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);

/**
 * A results file's counts, and each failed test as its name and the first lines of its error, without
 * colours or the runner's own stack frames.
 */
function readResults(
  file: string,
  kind: 'vitest' | 'playwright',
): { passed: number; failed: number; failures: string[] } | undefined {
  if (!fs.existsSync(file)) return undefined;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const brief = (message: string) =>
    message
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => !/^\s+at .*(node_modules|node:internal|<anonymous>)/.test(line))
      .slice(0, 12)
      .join('\n')
      .slice(0, 1500);
  const failures: string[] = [];
  if (kind === 'vitest') {
    type Assertion = { status: string; fullName: string; failureMessages?: string[] };
    const files = (data.testResults ?? []) as {
      name: string;
      status: string;
      message?: string;
      assertionResults: Assertion[];
    }[];
    for (const f of files) {
      const where = path.relative(root, f.name);
      for (const a of f.assertionResults)
        if (a.status === 'failed')
          failures.push(`${where} › ${a.fullName}\n${brief((a.failureMessages ?? []).join('\n'))}`);
      if (f.status === 'failed' && f.message) failures.push(`${where}\n${brief(f.message)}`);
    }
    return { passed: Number(data.numPassedTests ?? 0), failed: Number(data.numFailedTests ?? 0), failures };
  }
  type Suite = {
    title: string;
    suites?: Suite[];
    specs?: { title: string; tests: { results: { status: string; error?: { message?: string } }[] }[] }[];
  };
  const walk = (suite: Suite, trail: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          if (result.status !== 'passed' && result.status !== 'skipped')
            failures.push(
              `${[...trail, spec.title].join(' › ')} (${result.status})\n${brief(result.error?.message ?? '')}`,
            );
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of (data.suites ?? []) as Suite[]) walk(suite, [suite.title]);
  const stats = data.stats as { expected?: number; unexpected?: number; flaky?: number } | undefined;
  return {
    passed: stats?.expected ?? 0,
    failed: (stats?.unexpected ?? 0) + (stats?.flaky ?? 0),
    failures,
  };
}
