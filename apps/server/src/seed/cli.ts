// `npm run seed -- --projects 100000 [--seed 42]`: fill the database at scale (DATABASE_URL, or the
// embedded one in DATA_DIR) with creators, projects, check-ins, donations and their ledger.
// `npm run seed -- --demo`: the demo content a fresh install gets (only into a database without projects).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { connectDatabase, runMigrations } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { seedDemoData } from './demo.ts';
import { seedAtScale } from './scale.ts';

const USAGE = 'usage: npm run seed -- [--projects N] [--seed N] [--demo]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      projects: { type: 'string', default: '1000' },
      seed: { type: 'string' },
      demo: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const projects = Number(values.projects);
  if (!Number.isSafeInteger(projects) || projects < 0)
    throw new Error(`--projects must be a whole number\n${USAGE}`);
  const seed = values.seed === undefined ? undefined : Number(values.seed);

  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), quiet);
    url = embedded.url;
  }
  const database = connectDatabase(url, 4);
  try {
    await runMigrations(database);
    const now = new Date();
    if (values.demo) {
      const result = await seedDemoData(database.pool, now);
      console.log(
        result.seeded
          ? `demo: ${result.users} users, ${result.projects} projects, ${result.checkIns} check-ins`
          : 'demo: the database already has projects; nothing seeded',
      );
      return;
    }
    const started = performance.now();
    console.log(`seeding ${projects} projects into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}`);
    let lastPrint = 0;
    const result = await seedAtScale(database.pool, {
      projects,
      now,
      ...(seed !== undefined && Number.isFinite(seed) ? { seed } : {}),
      onProgress: ({ projects: done, checkIns, total }) => {
        const t = performance.now();
        if (done === total || t - lastPrint > 2_000) {
          lastPrint = t;
          const secs = ((t - started) / 1000).toFixed(1);
          console.log(`  ${done}/${total} projects, ${checkIns} check-ins (${secs} s)`);
        }
      },
    });
    // Every table the seed wrote (payments and the ledger too): else autovacuum does it later, under
    // whatever runs next (the benchmark's first measurements).
    console.log('vacuuming and analyzing…');
    await database.pool.query('vacuum (analyze)');
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `done: ${result.users} users, ${result.projects} projects, ${result.checkIns} check-ins in ${secs} s`,
    );
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

try {
  await main();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
