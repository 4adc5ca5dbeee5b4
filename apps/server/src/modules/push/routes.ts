import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PushDeviceParamsSchema,
  PushDevicesResponseSchema,
  PushPublicKeyResponseSchema,
  PushSubscribeRequestSchema,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import { listDevices, removeDevice, subscribeDevice, type PushDeps } from './manage-devices.ts';

/**
 * GET /api/push/public-key (anyone: it is public), and the signed-in user's devices:
 * GET/POST /api/me/push-subscriptions, DELETE /api/me/push-subscriptions/:deviceId.
 */
export const pushRoutes =
  (deps: PushDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/push/public-key',
      { schema: { response: withErrors({ 200: PushPublicKeyResponseSchema }) } },
      async () => ({ publicKey: deps.publicKey }),
    );
    const devices = withErrors({ 200: PushDevicesResponseSchema });
    app.get('/api/me/push-subscriptions', { schema: { response: devices } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listDevices(deps, await request.requireUser());
    });
    app.post(
      '/api/me/push-subscriptions',
      { schema: { body: PushSubscribeRequestSchema, response: devices } },
      async (request) =>
        subscribeDevice(deps, {
          user: await request.requireUser(),
          subscription: request.body,
          userAgent: request.headers['user-agent'],
        }),
    );
    app.delete(
      '/api/me/push-subscriptions/:deviceId',
      { schema: { params: PushDeviceParamsSchema, response: devices } },
      async (request) =>
        removeDevice(deps, { user: await request.requireUser(), deviceId: request.params.deviceId }),
    );
  };
