// Load figures at scale: a fresh PostgreSQL seeded with 100,000 projects and about 1,000,000
// check-ins (`npm run seed`), the app started on it, and autocannon driving the browse endpoints.
// Prints one JSON line per run on stdout, and the query plans' sequential scans (EXPLAIN ANALYZE).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { defaultFilters, type ProjectFilters } from '@kept/domain';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import {
  categoryPageStatement,
  finishingSoonPageStatement,
  homeSectionsStatement,
  searchCountStatement,
  searchStatement,
  talliesStatement,
  type Statement,
} from '../apps/server/src/modules/browse/queries.ts';
import { HOME_SIZES } from '../apps/server/src/modules/browse/service.ts';
import { CARD_SELECT_SQL } from '../apps/server/src/modules/projects/cards.ts';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'apps/server/src/main.ts');
const seedCli = path.join(root, 'apps/server/src/db/seed-cli.ts');

export type LoadOptions = {
  projects: number;
  connections: number;
  durationSec: number;
  /** Keep the database here (seeded on first use, reused after); default: a fresh temporary one. */
  dataDir?: string;
  /** Only these endpoints (names start with…); default: all. */
  only?: string[];
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    // Progress goes to stderr: stdout carries only the JSON figures.
    const child = spawn(command, args, { env, stdio: ['ignore', 2, 2] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function waitHealthy(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Run = { endpoint: string; path: string; fresh?: boolean };

async function measure(base: string, target: Run, opts: LoadOptions): Promise<void> {
  // As a browser asks: compressed answers welcome (the shared cache keeps a gzipped copy).
  const headers: Record<string, string> = {
    'accept-encoding': 'gzip, deflate, br',
    ...(target.fresh ? { 'cache-control': 'no-cache' } : {}),
  };
  const sample = await fetch(base + target.path, { headers });
  const body = Buffer.from(await sample.arrayBuffer());
  if (!sample.ok)
    throw new Error(`${target.path} answered ${sample.status}: ${body.toString().slice(0, 200)}`);
  // Warm up (JIT, prepared statements, PostgreSQL's caches), then measure.
  await autocannon({ url: base + target.path, connections: opts.connections, duration: 2, headers });
  const result = await autocannon({
    url: base + target.path,
    connections: opts.connections,
    duration: opts.durationSec,
    headers,
  });
  console.log(
    JSON.stringify({
      endpoint: target.endpoint,
      connections: opts.connections,
      requests_per_sec: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      bytes: body.length,
      wire_bytes: Math.round(result.throughput.total / Math.max(1, result.latency.totalCount)),
      ...(result.non2xx || result.errors ? { non2xx: result.non2xx, errors: result.errors } : {}),
    }),
  );
}

/** Relations read by a sequential scan anywhere in an EXPLAIN (FORMAT JSON) plan. */
function seqScans(plan: unknown, found: string[] = []): string[] {
  if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (node['Node Type'] === 'Seq Scan' && typeof node['Relation Name'] === 'string')
      found.push(node['Relation Name']);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) seqScans(child, found);
      else if (value && typeof value === 'object') seqScans(value, found);
    }
  }
  return found;
}

async function explain(client: pg.Client, name: string, statement: Statement): Promise<void> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: unknown; 'Execution Time': number }] }>(
    `explain (analyze, format json) ${statement.text}`,
    statement.values,
  );
  const plan = rows[0]!['QUERY PLAN'][0];
  console.log(
    JSON.stringify({
      explain: name,
      seq_scans: [...new Set(seqScans(plan.Plan))],
      execution_ms: Math.round(plan['Execution Time'] * 100) / 100,
    }),
  );
}

export async function runLoadBenchmark(opts: LoadOptions): Promise<void> {
  const keep = opts.dataDir !== undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kept-bench-load-'));
  const reuse = keep && fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));
  const quiet = { info: () => {}, warn: (m: string) => console.error(m) };
  const db = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), quiet);
  const { BASE_URL: _b, DEMO_DATA: _d, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
  let server: ReturnType<typeof spawn> | undefined;
  try {
    if (!reuse) {
      const seeded = performance.now();
      await run(process.execPath, [seedCli, '--projects', String(opts.projects)], env);
      const ms = Math.round(performance.now() - seeded);
      console.log(JSON.stringify({ benchmark: 'seed', projects: opts.projects, ms }));
    }

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const counts = await client.query<{ projects: number; checkins: number }>(
      'select (select count(*) from projects)::int as projects, (select count(*) from project_checkins)::int as checkins',
    );
    console.log(JSON.stringify({ dataset: counts.rows[0] }));
    // Samples: a project with a typical number of check-ins, a creator with several projects.
    const project = await client.query<{ id: string }>(
      `select project_id as id from project_checkins group by project_id having count(*) between 10 and 12 limit 1`,
    );
    const creator = await client.query<{ id: string; username: string }>(
      `select u.id, u.username from users u join projects p on p.user_id = u.id group by u.id
        having count(*) between 10 and 14 limit 1`,
    );
    const projectId = project.rows[0]!.id;
    const { username, id: userId } = creator.rows[0]!;

    const port = await freePort();
    const base = `http://localhost:${port}`;
    server = spawn(process.execPath, [main], {
      env: { ...env, PORT: String(port), AUTH_SECRET: crypto.randomBytes(32).toString('hex') },
      stdio: ['ignore', 'ignore', 2],
    });
    await waitHealthy(base, server);

    const search = 'searchText=guitar&categoryTags=Music&refundAmountMinCents=5000';
    const runs: Run[] = [
      { endpoint: 'home-uncached', path: '/api/home', fresh: true },
      { endpoint: 'home-cache', path: '/api/home' },
      { endpoint: 'search-text-tag-refund', path: `/api/projects?${search}`, fresh: true },
      {
        endpoint: 'search-missed-tag-refund',
        path: '/api/projects?missedCheckinsMax=0&categoryTags=Fitness&refundAmountMinCents=10000',
        fresh: true,
      },
      { endpoint: 'category-tag-page3', path: '/api/categories/music?offset=100', fresh: true },
      { endpoint: 'category-finishing-soon', path: '/api/categories/finishing-soon', fresh: true },
      { endpoint: 'detail', path: `/api/projects/${projectId}` },
      { endpoint: 'profile', path: `/api/users/${username}` },
    ];
    for (const target of runs) {
      if (!opts.only || opts.only.some((prefix) => target.endpoint.startsWith(prefix)))
        await measure(base, target, opts);
    }

    const now = new Date();
    const searchFilters: ProjectFilters = {
      ...defaultFilters(),
      searchText: 'guitar',
      categoryTags: ['Music'],
      refundAmountMinCents: 5000,
    };
    const missedFilters: ProjectFilters = {
      ...defaultFilters(),
      missedCheckinsMax: 0,
      categoryTags: ['Fitness'],
      refundAmountMinCents: 10000,
    };
    const page = { limit: 50, offset: 0 };
    await explain(client, 'home', homeSectionsStatement(now, HOME_SIZES));
    await explain(client, 'tallies', talliesStatement());
    await explain(client, 'search', searchStatement(searchFilters, now, 'UTC', page));
    await explain(client, 'search-count-only', searchCountStatement(searchFilters, now, 'UTC'));
    await explain(client, 'search-missed', searchStatement(missedFilters, now, 'UTC', page));
    await explain(client, 'category-tag', categoryPageStatement('Music', { limit: 50, offset: 100 }));
    await explain(client, 'category-finishing-soon', finishingSoonPageStatement(now, page));
    await explain(client, 'detail-project', {
      text: `select ${CARD_SELECT_SQL} from projects p where p.id = $1 and p.deleted_at is null`,
      values: [projectId],
    });
    await explain(client, 'detail-checkins', {
      text: 'select * from project_checkins c where c.project_id = $1 order by c.created_at, c.id',
      values: [projectId],
    });
    await explain(client, 'profile-projects', {
      text: `select p.*, u.username from projects p join users u on u.id = p.user_id
              where p.user_id = $1 and p.deleted_at is null order by p.created_at desc`,
      values: [userId],
    });
    await client.end();
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.on('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await db.stop();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
