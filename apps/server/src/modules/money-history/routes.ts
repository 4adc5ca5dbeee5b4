import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MoneyHistoryResponseSchema, ReceiptParamsSchema, ReceiptResponseSchema } from '@kept/contract';
import type { Db } from '../../db/client.ts';
import { withErrors } from '../../http/responses.ts';
import { listMoneyHistory } from './list-money-history.ts';
import { showReceipt } from './show-receipt.ts';

/** GET /api/me/money and GET /api/me/receipts/:paymentId — the signed-in person's own money. */
export const moneyHistoryRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/money',
      { schema: { response: withErrors({ 200: MoneyHistoryResponseSchema }) } },
      async (request, reply) => {
        const user = await request.requireUser();
        reply.header('cache-control', 'no-store');
        return listMoneyHistory(deps, user);
      },
    );
    app.get(
      '/api/me/receipts/:paymentId',
      { schema: { params: ReceiptParamsSchema, response: withErrors({ 200: ReceiptResponseSchema }) } },
      async (request, reply) => {
        const user = await request.requireUser();
        reply.header('cache-control', 'no-store');
        return showReceipt(deps, user, request.params.paymentId);
      },
    );
  };
