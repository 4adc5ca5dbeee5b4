// The signed-in user's settings: read them, change the username, change the timezone.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SettingsResponseSchema,
  UpdateTimezoneRequestSchema,
  UpdateUsernameRequestSchema,
  type SessionUser,
  type SettingsResponse,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';

export type SettingsUseCases = {
  showSettings: (user: SessionUser) => Promise<SettingsResponse>;
  changeUsername: (user: SessionUser, username: string) => Promise<SettingsResponse>;
  changeTimezone: (user: SessionUser, timezone: string) => Promise<SettingsResponse>;
};

const response = withErrors({ 200: SettingsResponseSchema });

export const settingsRoutes =
  (useCases: SettingsUseCases): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/me/settings', { schema: { response } }, async (request, reply) => {
      const settings = await useCases.showSettings(await request.requireUser());
      reply.header('cache-control', 'no-store');
      return settings;
    });

    app.put(
      '/api/me/username',
      { schema: { body: UpdateUsernameRequestSchema, response } },
      async (request) => useCases.changeUsername(await request.requireUser(), request.body.username),
    );

    app.put(
      '/api/me/timezone',
      { schema: { body: UpdateTimezoneRequestSchema, response } },
      async (request) => useCases.changeTimezone(await request.requireUser(), request.body.timezone),
    );
  };
