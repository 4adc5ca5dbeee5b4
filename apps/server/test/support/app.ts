import fs from 'node:fs';
import type https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { createMailer, type Mailer } from '../../src/adapters/email/mailer.ts';
import { buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { logRedaction } from '../../src/http/log-redaction.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  mailer: Mailer;
  dataDir: string;
  close: () => Promise<void>;
};

const silentLog = { info: () => {}, error: () => {} };

/** Each test app's database, for helpers that are handed the app only (support/users.ts). */
export const databaseOfApp = new WeakMap<FastifyInstance, TestDatabase>();

/** The real app on a database of its own, with settings from `env` on top of test defaults. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    webDistDir?: string;
    database?: TestDatabase;
    /** Where the app and its mailer log, as main.ts sets them up (LOG_LEVEL from `env`); silent without. */
    logStream?: DestinationStream;
    /** How the app reaches push services (push-endpoint.ts pushAgent()). */
    pushAgent?: https.Agent;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DEMO_DATA: '0',
    // The event loop's delay measures how busy the test machine is (its cores are shared), not the
    // app: overload tests turn the bound on (overload.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Likewise a request's age: the charge deadline's test turns it on (charge-deadline.test.ts).
    CHARGE_DEADLINE_MS: '0',
    ...opts.env,
  });
  if (opts.webDistDir) config.webDistDir = opts.webDistDir;
  // A database of its own, its statements bounded by the statement timeout as main.ts sets it up.
  const database =
    opts.database ?? (await createTestDatabase({ statementTimeoutMs: config.databaseStatementTimeoutMs }));
  const log = opts.logStream ? pino({ level: config.logLevel, ...logRedaction }, opts.logStream) : silentLog;
  const mailer = createMailer({ ...config.mail, log });
  const app = await buildApp({
    config,
    database,
    mailer,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    ...(opts.pushAgent ? { pushAgent: opts.pushAgent } : {}),
  });
  databaseOfApp.set(app, database);
  return {
    app,
    config,
    database,
    mailer,
    dataDir,
    close: async () => {
      await app.close();
      mailer.close();
      if (!opts.database) await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
