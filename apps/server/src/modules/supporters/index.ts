// A project's supporters and their messages (issue 22).
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { supporterRoutes } from './routes.ts';

export async function registerSupporters(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock },
): Promise<void> {
  await app.register(supporterRoutes(deps));
}
