// The signed-in person's money history and receipts (issue 22).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { moneyHistoryRoutes } from './routes.ts';

export async function registerMoneyHistory(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  await app.register(moneyHistoryRoutes(deps));
}
