// Mixed load: the app on the seeded database (as load.ts starts it, with the production settings of a
// web instance behind a load balancer: NODE_ENV=production, TRUST_PROXY=1, JOBS=0), autocannon with 50
// connections for 60 s, each connection cycling through 20 operations: 16 reads (home, search,
// category, project detail, profile — as browsers ask, caches allowed), 3 check-ins by a project
// owner (signed in before the run; check-ins have no rate limit, so a few owners would do; each cycle
// takes the next of 50 in turn), and 1 donation (intent + simulated card confirm: two requests). Every
// request comes from its own client address (X-Forwarded-For), as through a load balancer, so the
// per-IP payment limits (300 an hour) see many visitors, not one.
// Prints one JSON line: throughput, p50/p99 over every request, errors, non-2xx, per kind of request
// its count and p50/p99 as seen by the client (to find a slow endpoint), and the tables whose
// autovacuum finished during the measured minute (it competes for the same CPU).
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { TAGS, TAG_NAMES } from '@kept/domain';
import { prng } from '../apps/server/src/seed/scale.ts';
import { openSeededDatabase, postJson, signedInCookie, startApp, type RunningApp } from './app.ts';

export type MixedOptions = {
  projects: number;
  connections: number;
  durationSec: number;
  dataDir?: string;
  /** A PostgreSQL already running and seeded, used instead. */
  databaseUrl?: string;
  seed?: number;
};

type Owner = { cookie: string; projectId: string };
type Kind =
  'home' | 'search' | 'category' | 'detail' | 'profile' | 'check-in' | 'donation-intent' | 'donation-confirm';
type Context = {
  conn?: number;
  rand?: () => number;
  intent?: { paymentId: string; clientSecret: string };
  sentAt?: number;
  kind?: Kind;
};

const SEARCH_WORDS = [
  'guitar',
  'run',
  'novel',
  'paint',
  'garden',
  'book',
  'speech',
  'knit',
  'piano',
  'marathon',
];
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
/** One connection's cycle: 16 reads, 3 check-ins, 1 donation (2 requests), interleaved. */
const CYCLE: Kind[] = [
  'home',
  'detail',
  'search',
  'check-in',
  'category',
  'profile',
  'detail',
  'home',
  'donation-intent',
  'donation-confirm',
  'search',
  'category',
  'check-in',
  'detail',
  'profile',
  'home',
  'search',
  'category',
  'check-in',
  'detail',
  'search',
];

// Each run starts elsewhere in 10.0.0.0/8: a reused --data-dir keeps the last hour's per-address limits.
let ipCounter = Math.floor(Math.random() * 0x1000000);
function nextIp(): string {
  ipCounter = (ipCounter + 1) & 0xffffff;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A POST as from a visitor of its own (a new client address), signed in when `cookie` is given. */
const post = (base: string, path: string, body: unknown, cookie?: string) =>
  postJson(base, path, body, { 'x-forwarded-for': nextIp(), ...(cookie ? { cookie } : {}) });

/** A signed-in owner with a paid project, through the real paths (sign-up, sign-in, deposit, card). */
async function makeOwner(base: string, name: string): Promise<Owner> {
  const cookie = await signedInCookie(base, name, {
    timezone: 'America/New_York',
    headers: () => ({ 'x-forwarded-for': nextIp() }),
  });
  const intent = await post(
    base,
    '/api/payments/deposit-intent',
    {
      title: `Bench habit ${name}`,
      description: 'Checking in under load.',
      tag: 'Writing',
      lengthValue: 30,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'days',
      depositCents: 5_000,
    },
    cookie,
  );
  const confirm = await post(base, '/api/payments/simulated/confirm', {
    paymentId: intent.json.paymentId,
    clientSecret: intent.json.clientSecret,
    ...CARD,
  });
  if (confirm.json.status !== 'succeeded')
    throw new Error(`deposit did not succeed: ${JSON.stringify(confirm.json)}`);
  return { cookie, projectId: String(confirm.json.projectId) };
}

/** Autovacuum runs so far, per table (PostgreSQL's statistics). */
async function autovacuumCounts(url: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; n: string }>(
      'select relname, autovacuum_count as n from pg_stat_user_tables',
    );
    return new Map(rows.map((row) => [row.relname, Number(row.n)]));
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

export async function runMixedBenchmark(opts: MixedOptions): Promise<void> {
  const db = await openSeededDatabase({
    projects: opts.projects,
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
  });
  let app: RunningApp | undefined;
  try {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // Live projects (detail pages, donations) and creators (profiles) to pick from.
    const projectIds = (
      await client.query<{ id: string }>(
        `select id from projects where deleted_at is null and project_status = 'active' and end_date > now() + interval '1 day'
          order by random() limit 2000`,
      )
    ).rows.map((r) => r.id);
    const usernames = (
      await client.query<{ username: string }>(
        `select username from users where username is not null order by random() limit 1000`,
      )
    ).rows.map((r) => r.username);
    await client.end();
    if (projectIds.length === 0 || usernames.length === 0)
      throw new Error('the seeded database has no live projects');

    // A production web instance behind a load balancer (startApp sets JOBS=0: background work runs on
    // worker instances).
    app = await startApp({ ...db.env, NODE_ENV: 'production', TRUST_PROXY: '1' });
    const base = app.base;

    // One owner per connection, made before the run (a few at a time: sign-up hashes a password).
    const runTag = Date.now().toString(36);
    const owners: Owner[] = [];
    for (let i = 0; i < opts.connections; i += 5) {
      const batch = Array.from({ length: Math.min(5, opts.connections - i) }, (_, k) =>
        makeOwner(base, `bench${runTag}n${i + k}`),
      );
      owners.push(...(await Promise.all(batch)));
    }

    const latencies = new Map<Kind, number[]>();
    let record = false;
    let nextConn = 0;
    const seed = opts.seed ?? 42;
    const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

    const requests: Request<Context>[] = CYCLE.map((kind) => ({
      setupRequest: (req, context) => {
        if (context.conn === undefined) {
          context.conn = nextConn++;
          context.rand = prng(seed * 1000 + context.conn);
        }
        const rand = context.rand!;
        const owner = owners[context.conn % owners.length]!;
        const headers: Record<string, string> = {
          'accept-encoding': 'gzip, deflate, br',
          'x-forwarded-for': nextIp(),
        };
        context.kind = kind;
        context.sentAt = performance.now();
        switch (kind) {
          case 'home':
            return { ...req, method: 'GET', path: '/api/home', headers };
          case 'search': {
            const q = new URLSearchParams({ searchText: pick(rand, SEARCH_WORDS) });
            if (rand() < 0.5) q.set('categoryTags', pick(rand, TAG_NAMES));
            if (rand() < 0.3) q.set('refundAmountMinCents', '5000');
            return { ...req, method: 'GET', path: `/api/projects?${q}`, headers };
          }
          case 'category': {
            const slug = rand() < 0.8 ? pick(rand, TAGS).slug : 'finishing-soon';
            const offset = pick(rand, [0, 0, 50, 100]);
            return { ...req, method: 'GET', path: `/api/categories/${slug}?offset=${offset}`, headers };
          }
          case 'detail':
            return { ...req, method: 'GET', path: `/api/projects/${pick(rand, projectIds)}`, headers };
          case 'profile':
            return { ...req, method: 'GET', path: `/api/users/${pick(rand, usernames)}`, headers };
          case 'check-in':
            return {
              ...req,
              method: 'POST',
              path: `/api/projects/${owner.projectId}/check-ins`,
              headers: { ...headers, cookie: owner.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ updateText: `Worked on it, ${Math.floor(rand() * 1e6)} steps in.` }),
            };
          case 'donation-intent':
            context.intent = undefined;
            return {
              ...req,
              method: 'POST',
              path: '/api/donations/intent',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({
                projectId: pick(rand, projectIds),
                amountCents: 500 + 100 * Math.floor(rand() * 50),
                donorName: 'Bench visitor',
                donorAnonymous: rand() < 0.5,
              }),
            };
          case 'donation-confirm':
            return {
              ...req,
              method: 'POST',
              path: '/api/payments/simulated/confirm',
              headers: { ...headers, 'content-type': 'application/json' },
              // Without an intent (it failed: counted there) this confirm fails too, and is counted.
              body: JSON.stringify({
                paymentId: context.intent?.paymentId ?? '00000000-0000-0000-0000-000000000000',
                clientSecret: context.intent?.clientSecret ?? 'none',
                ...CARD,
              }),
            };
        }
      },
      onResponse: (status, body, context) => {
        if (record && context.sentAt !== undefined && context.kind) {
          const list = latencies.get(context.kind) ?? [];
          list.push(performance.now() - context.sentAt);
          latencies.set(context.kind, list);
        }
        if (kind === 'donation-intent' && status === 200) {
          const parsed = JSON.parse(body) as { paymentId: string; clientSecret: string };
          context.intent = { paymentId: parsed.paymentId, clientSecret: parsed.clientSecret };
        }
      },
    }));

    const run = (durationSec: number) =>
      autocannon({ url: base, connections: opts.connections, duration: durationSec, requests });
    // Warm up (JIT, prepared statements, caches), then measure.
    await run(5);
    const vacuumsBefore = await autovacuumCounts(db.url);
    record = true;
    nextConn = 0;
    const result = await run(opts.durationSec);
    record = false;
    // An autovacuum of a large table inside the window takes CPU from the run: say so beside the figures.
    const vacuumsAfter = await autovacuumCounts(db.url);
    const autovacuumed = [...vacuumsAfter]
      .filter(([table, n]) => n > (vacuumsBefore.get(table) ?? 0))
      .map(([table]) => table)
      .sort();

    const byKind: Record<string, { n: number; p50_ms: number; p99_ms: number }> = {};
    for (const kind of new Set(CYCLE)) {
      const sorted = (latencies.get(kind) ?? []).sort((a, b) => a - b);
      byKind[kind] = { n: sorted.length, p50_ms: percentile(sorted, 50), p99_ms: percentile(sorted, 99) };
    }
    console.log(
      JSON.stringify({
        benchmark: 'mixed',
        connections: opts.connections,
        duration_s: opts.durationSec,
        requests_per_sec: Math.round(result.requests.average),
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        requests: result.latency.totalCount,
        mix: '16 reads : 3 check-ins : 1 donation (intent + confirm) per 21 requests',
        by_kind: byKind,
        autovacuumed_during_run: autovacuumed,
      }),
    );
  } finally {
    await app?.stop();
    await db.close();
  }
}
