// Reminder preferences (issue 23): the owner's channels, moments and quiet hours, and a project's
// override. The reminders themselves are sent by the lifecycle job (jobs/lifecycle.ts).
import type { FastifyInstance } from 'fastify';
import type { ReminderDeps } from './change-reminders.ts';
import { reminderRoutes } from './routes.ts';

export async function registerReminders(app: FastifyInstance, deps: ReminderDeps): Promise<void> {
  await app.register(reminderRoutes(deps));
}
