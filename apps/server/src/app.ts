// Builds the Fastify app from its dependencies. main.ts boots it; tests call it and use app.inject().
import crypto from 'node:crypto';
import type https from 'node:https';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MAX_IMAGE_BYTES } from '@kept/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/email/mailer.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { logRedaction } from './http/log-redaction.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerRouteList } from './http/route-list.ts';
import { registerOpenApi } from './http/openapi.ts';
import { rewriteBadUrl } from './http/bad-url.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { validatorCompiler } from './http/validate.ts';
import { healthModule } from './modules/health/index.ts';
import { createAuth } from './modules/auth/auth.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { existingAccountEmail, resetPasswordEmail, verifyEmailEmail } from './modules/auth/emails.ts';
import { authModule } from './modules/auth/index.ts';
import { newsletterModule } from './modules/newsletter/index.ts';
import { currentUser } from './modules/auth/current-user.ts';
import { accountModule } from './modules/account/index.ts';
import { profilesModule } from './modules/profiles/index.ts';
import { browseModule } from './modules/browse/index.ts';
import { createStorage } from './adapters/storage/index.ts';
import { LOCAL_UPLOADS_PREFIX } from './adapters/storage/local-storage.ts';
import { checkInsModule } from './modules/checkins/index.ts';
import { favoritesModule } from './modules/favorites/index.ts';
import { projectsModule } from './modules/projects/index.ts';
import { registerPayments } from './modules/payments/index.ts';
import { registerDonations } from './modules/donations/index.ts';
import { depositPaymentEffect } from './modules/projects/create-from-deposit.ts';
import { registerJobs } from './jobs/index.ts';
import { queueEmail, secretKey } from './jobs/tasks.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { createRateLimiter } from './modules/rate-limit/limiter.ts';
import { registerAuthContext } from './http/auth-context.ts';
import { registerSameOriginGuard } from './http/same-origin.ts';
import { registerSpa } from './web/spa.ts';
import { registerTransparency } from './modules/transparency/index.ts';
import { registerPauses } from './modules/pauses/index.ts';
import { registerEnding } from './modules/ending/index.ts';
import { registerReminders } from './modules/reminders/index.ts';
import { registerCalendarFeed } from './modules/calendar-feed/index.ts';
import { registerHistory } from './modules/history/index.ts';
import { registerSupporters } from './modules/supporters/index.ts';
import { registerMoneyHistory } from './modules/money-history/index.ts';
import { registerOverloadGuard } from './http/overload.ts';
import { dataExportJobs, registerDataExport } from './modules/data-export/index.ts';
import { createPushSender, registerPush, resolveVapidKeys } from './modules/push/index.ts';

/** Compression of answers made for one request (decision 033): the fastest levels. */
const PER_REQUEST_BROTLI_QUALITY = 1;
const PER_REQUEST_GZIP_LEVEL = 1;
/**
 * Answers up to this size are compressed in one synchronous call instead of through a stream, whose
 * thread-pool hops and one socket write per chunk cost more than compressing at quality 1 (decision 041).
 */
const PER_REQUEST_SYNC_THRESHOLD_BYTES = 64 * 1024;

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
  /** Where the log goes (standard output when absent). */
  logStream?: DestinationStream;
  /** How pushes reach push services (tests: an agent trusting the local push endpoint's certificate). */
  pushAgent?: https.Agent;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...logRedaction,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Long path parameters reach validation (and its 400) instead of the router's bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    rewriteUrl: rewriteBadUrl,
  });
  registerRouteList(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  registerErrorHandling(app);
  registerTextGuard(app);
  registerSecurityHeaders(app, { https: config.baseUrl.startsWith('https://') });
  await registerOverloadGuard(app, { ...config.overload, pool: deps.database.pool });
  // Before every route and static folder (@fastify/static's precompressed files are sent as they are).
  // Answers made per request are compressed at brotli's quality 1: a few times less work than the
  // plugin's default 4 for answers a tenth to a quarter larger (decision 033). Shared answers are
  // compressed once per cache entry at a higher quality (http/precompressed.ts).
  if (config.compression)
    await app.register(compress, {
      globalDecompression: false,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } },
      zlibOptions: { level: PER_REQUEST_GZIP_LEVEL },
      syncThreshold: PER_REQUEST_SYNC_THRESHOLD_BYTES,
    });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

  const clock = deps.clock ?? systemClock;
  app.decorate('clock', clock);

  const { db } = deps.database;
  const { mailer } = deps;
  const limiter = createRateLimiter(db, clock);
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const auth = createAuth({
    db,
    baseUrl: config.baseUrl,
    secret,
    // better-auth calls these outside any transaction of ours: the email is queued on its own.
    hooks: {
      sendResetPassword: ({ email, username, token }) =>
        queueEmail(
          db,
          secretKey('reset-password', token),
          resetPasswordEmail(
            email,
            username,
            `${config.baseUrl}/reset-password?token=${encodeURIComponent(token)}`,
          ),
        ),
      sendVerificationEmail: ({ email, username, token }) =>
        queueEmail(
          db,
          secretKey('verify-email', token),
          verifyEmailEmail(
            email,
            username,
            `${config.baseUrl}/verify-email?token=${encodeURIComponent(token)}`,
          ),
        ),
      onExistingUserSignUp: ({ email, username }) =>
        queueEmail(
          db,
          `existing-account:${crypto.randomUUID()}`,
          existingAccountEmail(
            email,
            username,
            `${config.baseUrl}/login`,
            `${config.baseUrl}/forgot-password`,
          ),
        ),
    },
  });
  registerSameOriginGuard(app, config.baseUrl);
  registerAuthContext(app, (cookie) => currentUser({ auth }, cookie));

  await app.register(healthModule(deps.database));
  await app.register(authModule({ auth, db, limiter, log: app.log, baseUrl: config.baseUrl }));
  const storage = await createStorage(config.storage);
  await app.register(
    accountModule({
      db,
      clock,
      auth,
      limiter,
      storage,
      dataDir: config.dataDir,
      baseUrl: config.baseUrl,
      log: app.log,
    }),
  );
  const payments = await registerPayments(app, {
    config,
    db,
    paymentsDb: deps.database.payments.db,
    clock,
    limiter,
    secret,
  });
  // Each payment kind's effect, from the feature that owns it.
  payments.effects.register('deposit', depositPaymentEffect({ baseUrl: config.baseUrl, log: app.log }));
  await registerDonations(app, { db, clock, limiter, payments, baseUrl: config.baseUrl });
  await app.register(newsletterModule({ db, clock, limiter, baseUrl: config.baseUrl }));
  const exportDeps = { db, clock, storage, dataDir: config.dataDir, baseUrl: config.baseUrl, log: app.log };
  const vapidKeys = resolveVapidKeys(config.push.keys, config.dataDir);
  const sendPush = createPushSender({
    db,
    clock,
    keys: vapidKeys,
    subject: config.push.subject,
    log: app.log,
    ...(deps.pushAgent ? { agent: deps.pushAgent } : {}),
  });
  registerJobs(app, {
    db,
    clock,
    mailer,
    sendPush,
    baseUrl: config.baseUrl,
    enabled: config.jobs,
    dataExports: dataExportJobs(exportDeps),
  });
  await registerPush(app, { db, clock, publicKey: vapidKeys.publicKey });
  await app.register(notificationsModule({ db, baseUrl: config.baseUrl }));
  await app.register(profilesModule({ db, clock }));
  await app.register(browseModule({ db, clock }));

  if (config.storage.kind === 'local') {
    await app.register(fastifyStatic, {
      root: config.storage.uploadsDir,
      prefix: LOCAL_UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  await app.register(checkInsModule({ db, storage, clock, log: app.log }));
  await app.register(projectsModule({ db, storage, clock, log: app.log }));
  await app.register(favoritesModule(db));
  await registerTransparency(app, { db, clock });
  await registerPauses(app, { db, clock });
  await registerEnding(app, { db, clock });
  await registerReminders(app, { db, clock });
  await registerCalendarFeed(app, { db, clock, baseUrl: config.baseUrl });
  await registerHistory(app, { db, clock });
  await registerSupporters(app, { db, clock });
  await registerMoneyHistory(app, { db });
  await registerDataExport(app, exportDeps);

  await registerSpa(app, config.webDistDir, { db, baseUrl: config.baseUrl });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
