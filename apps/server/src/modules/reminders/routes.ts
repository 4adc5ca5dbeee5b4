import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProjectIdParamsSchema,
  ProjectReminderRequestSchema,
  ProjectReminderResponseSchema,
  ReminderPrefsSchema,
  RemindersResponseSchema,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import {
  changeProjectReminders,
  changeReminders,
  showReminders,
  type ReminderDeps,
} from './change-reminders.ts';

/** GET/PUT /api/me/reminders and PUT /api/projects/:projectId/reminders. */
export const reminderRoutes =
  (deps: ReminderDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const response = withErrors({ 200: RemindersResponseSchema });
    app.get('/api/me/reminders', { schema: { response } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return showReminders(deps, await request.requireUser());
    });
    app.put('/api/me/reminders', { schema: { body: ReminderPrefsSchema, response } }, async (request) =>
      changeReminders(deps, await request.requireUser(), request.body),
    );
    app.put(
      '/api/projects/:projectId/reminders',
      {
        schema: {
          params: ProjectIdParamsSchema,
          body: ProjectReminderRequestSchema,
          response: withErrors({ 200: ProjectReminderResponseSchema }),
        },
      },
      async (request) =>
        changeProjectReminders(
          deps,
          await request.requireUser(),
          request.params.projectId,
          request.body.override,
        ),
    );
  };
