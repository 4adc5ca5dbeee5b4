// Settings, parsed once at boot. A bad or missing value stops the app with a message naming each bad setting.
import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = (defaultValue: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? defaultValue : ['1', 'true', 'yes'].includes(v)));

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}`,
    );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    BASE_URL: urlWithProtocols(['http:', 'https:']).optional(),
    DATA_DIR: z.string().trim().min(1).default('data'),
    DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_PAYMENTS_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(2),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(100),
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(25),
    CHARGE_DEADLINE_MS: z.coerce.number().int().min(0).max(60_000).default(200),
    MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_048_576).optional(),
    COMPRESSION: flag(true),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, 65 bytes in URL-safe base64')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 32 bytes in URL-safe base64')
      .optional(),
    VAPID_SUBJECT: urlWithProtocols(['mailto:', 'https:']).optional(),
    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: z.string().trim().min(3).default('Kept <no-reply@kept.local>'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: urlWithProtocols(['http:', 'https:']).optional(),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
    DEMO_DATA: flag(true),
    TRUST_PROXY: flag(false),
    JOBS: flag(true),
    WEB_DIST_DIR: z.string().trim().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    const stripe = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
    const given = stripe.filter((k) => env[k] !== undefined);
    if (given.length > 0 && given.length < stripe.length) {
      for (const k of stripe.filter((k) => env[k] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [k], message: 'is required when any STRIPE_* setting is set' });
      }
    }
    if (env.S3_BUCKET) {
      for (const k of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[k])
          ctx.addIssue({ code: 'custom', path: [k], message: 'is required when S3_BUCKET is set' });
      }
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    // Push keys come as a pair; production sets them (every instance must sign with the same key).
    const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const;
    const vapidGiven = vapid.filter((k) => env[k] !== undefined);
    if (vapidGiven.length === 1) {
      for (const k of vapid.filter((k) => env[k] === undefined))
        ctx.addIssue({ code: 'custom', path: [k], message: 'is required when any VAPID_* key is set' });
    } else if (env.NODE_ENV === 'production' && vapidGiven.length === 0) {
      for (const k of vapid)
        ctx.addIssue({ code: 'custom', path: [k], message: 'is required in production' });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Connections, beside those, that only record payment outcomes (db/client.ts, decision 055). */
  databasePaymentsPoolSize: number;
  /** A statement running longer is cancelled by PostgreSQL (0: no limit). */
  databaseStatementTimeoutMs: number;
  /**
   * How long one wait for a pooled connection may last before the request is answered 503: short, so
   * that an overloaded instance refuses within a second instead of queueing for seconds. A write waits
   * several times (who is asking, then its transaction), so each wait is a fraction of that second
   * (decisions 033 and 043).
   */
  databasePoolWaitMs: number;
  /**
   * Overload: past either bound, requests are answered 503 with Retry-After at once (0: not checked).
   * The event loop's mean delay over the last tenth of a second, and the V8 heap in use.
   */
  overload: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number };
  /**
   * The simulated card form charges a card only while its request is younger than this (0: always), so
   * that what follows a charge (its record, the answer) still ends within the second overload is
   * answered in; an older request is answered 503 with nothing charged (decision 046).
   */
  chargeDeadlineMs: number;
  /** Compress answers in the app (off when a proxy in front does it). */
  compression: boolean;
  authSecret: string | undefined;
  /**
   * Web push (VAPID): the key pair from the settings, or (zero-config) one made once and kept in
   * DATA_DIR (modules/push/vapid-keys.ts). The subject is who push services may contact about our pushes.
   */
  push: { keys: { publicKey: string; privateKey: string } | undefined; subject: string };
  mail: { from: string; smtpUrl: string | undefined; outboxDir: string };
  payments:
    | { provider: 'simulated' }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        apiUrl?: string;
      };
  storage:
    | { kind: 'local'; uploadsDir: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl?: string;
      };
  demoData: boolean;
  trustProxy: boolean;
  /** Run background work (settlement, reminders, emails) in this instance (JOBS, default on). */
  jobs: boolean;
  logLevel: string;
  webDistDir: string;
};

/**
 * 90% of V8's heap limit: past it, garbage collection takes most of the time and the process is close to
 * running out of memory, so new requests are better answered 503 while the ones in flight finish.
 */
export function defaultMaxHeapUsedBytes(): number {
  return Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9);
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Kept cannot start: invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Parse settings from an environment (process.env by default). Throws ConfigError naming every bad setting. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'settings');
      const value = source[key];
      const shown =
        value === undefined
          ? ''
          : ` (got ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)})`;
      return `${key}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  // Relative paths are taken from where the command was run (npm sets INIT_CWD), else the repo root.
  const base = source.INIT_CWD ?? REPO_ROOT;
  const dataDir = path.resolve(base, env.DATA_DIR);
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databasePaymentsPoolSize: env.DATABASE_PAYMENTS_POOL_SIZE,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePoolWaitMs: env.DATABASE_POOL_WAIT_MS,
    overload: {
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes:
        env.MAX_HEAP_USED_MB === undefined ? defaultMaxHeapUsedBytes() : env.MAX_HEAP_USED_MB * 1024 * 1024,
    },
    chargeDeadlineMs: env.CHARGE_DEADLINE_MS,
    compression: env.COMPRESSION,
    authSecret: env.AUTH_SECRET,
    push: {
      keys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? (baseUrl.startsWith('https://') ? baseUrl : 'mailto:no-reply@kept.local'),
    },
    mail: { from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir: path.join(dataDir, 'outbox') },
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
          }
        : { provider: 'simulated' },
    storage:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
            ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL } : {}),
          }
        : { kind: 'local', uploadsDir: path.join(dataDir, 'uploads') },
    // Demo content only on the zero-config setup: never on a real database or real payments.
    demoData: env.DEMO_DATA && !env.DATABASE_URL && !env.STRIPE_SECRET_KEY,
    trustProxy: env.TRUST_PROXY,
    jobs: env.JOBS,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(base, env.WEB_DIST_DIR)
      : path.join(REPO_ROOT, 'apps/web/dist'),
  };
}
