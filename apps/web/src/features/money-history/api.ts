// The signed-in person's money: GET /api/me/money and GET /api/me/receipts/:paymentId.
import { queryOptions } from '@tanstack/react-query';
import type { MoneyHistoryResponse, ReceiptResponse } from '@kept/contract';
import { api, call } from '../../lib/api';

export const moneyHistoryQuery = () =>
  queryOptions({
    queryKey: ['me', 'money'] as const,
    queryFn: ({ signal }): Promise<MoneyHistoryResponse> => call(api.GET('/api/me/money', { signal })),
  });

export const receiptQuery = (paymentId: string) =>
  queryOptions({
    queryKey: ['me', 'receipts', paymentId] as const,
    queryFn: ({ signal }): Promise<ReceiptResponse> =>
      call(api.GET('/api/me/receipts/{paymentId}', { params: { path: { paymentId } }, signal })),
  });
