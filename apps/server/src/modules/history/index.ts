// History you can see (issue 23): streak, completion rate and a year of check-ins, computed on the
// server from the shared rules.
import type { FastifyInstance } from 'fastify';
import { historyRoutes } from './routes.ts';
import type { HistoryDeps } from './show-history.ts';

export async function registerHistory(app: FastifyInstance, deps: HistoryDeps): Promise<void> {
  await app.register(historyRoutes(deps));
}
