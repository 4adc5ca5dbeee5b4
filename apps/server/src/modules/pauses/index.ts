// The owner's pauses of check-in periods (issue 22, RULES.md "Pauses").
import type { FastifyInstance } from 'fastify';
import type { PauseDeps } from './change-pause.ts';
import { pauseRoutes } from './routes.ts';

export async function registerPauses(app: FastifyInstance, deps: PauseDeps): Promise<void> {
  await app.register(pauseRoutes(deps));
}
