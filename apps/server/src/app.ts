// Builds the Fastify app from its dependencies. main.ts boots it; tests call it and use app.inject().
import crypto from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/email/mailer.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { registerSpa } from './web/spa.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await registerSecurityHeaders(app, { https: config.baseUrl.startsWith('https://') });
  await app.register(cookie);

  const clock = deps.clock ?? systemClock;
  app.decorate('clock', clock);

  await app.register(healthRoutes(deps.database));
  await app.register(sessionRoutes);

  await registerSpa(app, config.webDistDir);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
