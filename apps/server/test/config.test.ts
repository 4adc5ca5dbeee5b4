import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultMaxHeapUsedBytes, loadConfig } from '../src/config.ts';

describe('settings', () => {
  it('works with no settings at all: embedded database, simulated payments, outbox email, local uploads', () => {
    const config = loadConfig({ INIT_CWD: '/srv/kept' });
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('/srv/kept/data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.payments).toEqual({ provider: 'simulated' });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.outboxDir).toBe(path.resolve('/srv/kept/data/outbox'));
    expect(config.storage).toEqual({ kind: 'local', uploadsDir: path.resolve('/srv/kept/data/uploads') });
    expect(config.demoData).toBe(true);
  });

  it('derives BASE_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).baseUrl).toBe('http://localhost:4100');
    expect(loadConfig({ BASE_URL: 'https://kept.example/' }).baseUrl).toBe('https://kept.example');
  });

  it('names every bad setting in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const key of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'LOG_LEVEL']) expect(message).toContain(key);
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('requires all three Stripe keys together, and picks Stripe when they are given', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY.*\n.*STRIPE_WEBHOOK_SECRET/,
    );
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.payments.provider).toBe('stripe');
    expect(config.demoData).toBe(false);
  });

  it('never seeds demo data on a real database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/kept' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
  });

  it('bounds statements at 5 s unless told, 0 for none, and the wait for a connection at 100 ms', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(5_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '250' }).databaseStatementTimeoutMs).toBe(250);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
    expect(loadConfig({}).databasePoolWaitMs).toBe(100);
    expect(loadConfig({ DATABASE_POOL_WAIT_MS: '2000' }).databasePoolWaitMs).toBe(2_000);
    expect(() => loadConfig({ DATABASE_POOL_WAIT_MS: '0' })).toThrow(/DATABASE_POOL_WAIT_MS/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('refuses requests past an event loop delay of 25 ms and 90% of the heap limit unless told', () => {
    expect(loadConfig({}).overload).toEqual({
      maxEventLoopDelayMs: 25,
      maxHeapUsedBytes: defaultMaxHeapUsedBytes(),
    });
    expect(defaultMaxHeapUsedBytes()).toBeGreaterThan(64 * 1024 * 1024);
    expect(loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '0', MAX_HEAP_USED_MB: '512' }).overload).toEqual({
      maxEventLoopDelayMs: 0,
      maxHeapUsedBytes: 512 * 1024 * 1024,
    });
    expect(() => loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '-5' })).toThrow(/MAX_EVENT_LOOP_DELAY_MS/);
    expect(() => loadConfig({ MAX_HEAP_USED_MB: 'lots' })).toThrow(/MAX_HEAP_USED_MB/);
  });

  it('compresses answers unless COMPRESSION=0', () => {
    expect(loadConfig({}).compression).toBe(true);
    expect(loadConfig({ COMPRESSION: '0' }).compression).toBe(false);
  });

  it('runs background jobs unless JOBS=0', () => {
    expect(loadConfig({}).jobs).toBe(true);
    expect(loadConfig({ JOBS: '0' }).jobs).toBe(false);
    expect(() => loadConfig({ JOBS: 'sometimes' })).toThrow(/JOBS/);
  });

  it('requires an auth secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: is required in production/);
  });

  it('takes the VAPID keys as a pair, and requires them in production', () => {
    const pair = {
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
    };
    expect(loadConfig({}).push.keys).toBeUndefined();
    expect(loadConfig(pair).push.keys).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: is required/,
    );
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toThrow(
      /VAPID_PUBLIC_KEY: is required in production/,
    );
    expect(loadConfig({ BASE_URL: 'https://kept.example' }).push.subject).toBe('https://kept.example');
    expect(loadConfig({}).push.subject).toBe('mailto:no-reply@kept.local');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://kept.example' })).toThrow(/VAPID_SUBJECT/);
  });

  it('requires S3 keys with a bucket', () => {
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(/S3_ACCESS_KEY_ID/);
    const config = loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
    expect(config.storage.kind).toBe('s3');
  });
});
