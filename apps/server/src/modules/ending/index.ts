// Cancelling within 24 hours and ending a project early (issue 22).
import type { FastifyInstance } from 'fastify';
import type { EndingDeps } from './end-project.ts';
import { endingRoutes } from './routes.ts';

export async function registerEnding(app: FastifyInstance, deps: EndingDeps): Promise<void> {
  await app.register(endingRoutes(deps));
}
