// One PostgreSQL server for the whole run (embedded, or TEST_DATABASE_URL's server), and one migrated
// template database; every test file clones its own database from it (see db.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { withDatabase } from './urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let tmpDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-test-db-'));
    embedded = await startEmbeddedPostgres(path.join(tmpDir, 'postgres'), { info: () => {}, warn: () => {} });
    adminUrl = embedded.url;
  }
  const templateDb = `kept_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${templateDb}"`);
  await admin.query(`create database "${templateDb}"`);
  const template = connectDatabase(withDatabase(adminUrl, templateDb), 2);
  await runMigrations(template);
  await template.close();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    await admin.query(`drop database if exists "${templateDb}" with (force)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
