import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MoneyHistoryResponse, ReceiptResponse } from '@kept/contract';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../src/router';
import { LocationProbe, alice, json, mockApi, renderWithProviders, sessionRoute } from './helpers';
import { apiError, route } from './network';

const PAYMENT_ID = '44444444-4444-4444-8444-444444444444';
const PROJECT = { id: '11111111-1111-4111-8111-111111111111', title: 'Run a marathon' };

const history: MoneyHistoryResponse = {
  truncated: false,
  entries: [
    {
      id: `refund:${PROJECT.id}`,
      kind: 'refund',
      direction: 'in',
      amountCents: 1_160,
      state: 'processing',
      stateText: 'Processing',
      at: '2026-03-09T13:00:00.000Z',
      project: PROJECT,
      detail: 'Deposit refunded to your card: 1 of 5 check-ins kept, $46.40 to charity',
      reference: 're_123',
      receiptId: null,
    },
    {
      id: `payment:${PAYMENT_ID}`,
      kind: 'deposit',
      direction: 'out',
      amountCents: 5_290,
      state: 'succeeded',
      stateText: 'Paid',
      at: '2026-03-01T12:00:00.000Z',
      project: PROJECT,
      detail: 'Deposit $50.00 + fee $2.90 (the fee is not refundable)',
      reference: 'pi_abc',
      receiptId: PAYMENT_ID,
    },
  ],
};

const receipt: ReceiptResponse = {
  paymentId: PAYMENT_ID,
  kind: 'deposit',
  state: 'succeeded',
  stateText: 'Paid',
  amountCents: 5_290,
  currency: 'usd',
  at: '2026-03-01T12:00:00.000Z',
  provider: 'stripe',
  reference: 'pi_abc',
  payer: { username: 'alice', email: 'alice@example.com' },
  project: PROJECT,
  lines: [
    { label: 'Deposit', amountCents: 5_000 },
    { label: 'Fee (4% + $0.90, not refundable)', amountCents: 290 },
  ],
  notes: ['Card refunds take 5–10 business days to appear on your statement.'],
  terms: { version: '2026-11-25', agreedAt: '2026-03-01T11:59:00.000Z' },
  refunds: [
    {
      amountCents: 1_160,
      state: 'refunded',
      stateText: 'Refunded',
      reference: 're_123',
      at: '2026-03-09T13:00:00.000Z',
    },
  ],
};

function renderApp(path: string) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { route: path },
  );
  return user;
}

describe('Money history', () => {
  it('lists every entry with its state, amount, date and reference, and opens a printable receipt', async () => {
    mockApi({
      ...sessionRoute(alice),
      'GET /api/me/money': () => json(history),
      ...route(`GET /api/me/receipts/${PAYMENT_ID}`, () => json(receipt)),
    });
    const user = renderApp('/money');
    expect(await screen.findByRole('heading', { level: 1, name: 'Money history' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Money history' });
    const [refund, deposit] = within(list).getAllByRole('listitem');
    expect(refund).toHaveTextContent('Refund · Run a marathon');
    expect(refund).toHaveTextContent('to you +$11.60');
    expect(refund).toHaveTextContent('Processing');
    expect(refund).toHaveTextContent('Ref. re_123');
    expect(within(refund!).queryByRole('link', { name: /Receipt/ })).toBeNull();
    expect(deposit).toHaveTextContent('charged −$52.90');
    expect(deposit).toHaveTextContent('Deposit $50.00 + fee $2.90 (the fee is not refundable)');
    expect(deposit).toHaveTextContent('Mar 1, 2026');

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(deposit!).getByRole('link', { name: 'Receipt for deposit of $52.90' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt · Deposit' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(`/receipt/${PAYMENT_ID}`);
    expect(screen.getByRole('rowheader', { name: 'Fee (4% + $0.90, not refundable)' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Total charged (USD) $52.90' })).toBeVisible();
    expect(screen.getByText('pi_abc (Stripe)')).toBeVisible();
    expect(screen.getByText(/Version 2026-11-25/)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Refunded to this card' })).toHaveTextContent('$11.60');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says so when nothing has moved yet, and offers a retry when the list fails', async () => {
    mockApi({
      ...sessionRoute(alice),
      'GET /api/me/money': () => apiError(500, 'internal_error', 'Something went wrong'),
    });
    const user = renderApp('/money');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    mockApi({ 'GET /api/me/money': () => json<MoneyHistoryResponse>({ entries: [], truncated: false }) });
    await user.click(retry);
    expect(
      await screen.findByText(
        'No money has moved yet. Your deposits, donations, refunds and payouts will show here.',
      ),
    ).toBeVisible();
  });

  it("says a receipt that is not one's own is not found", async () => {
    mockApi({
      ...sessionRoute(alice),
      ...route(`GET /api/me/receipts/${PAYMENT_ID}`, () => apiError(404, 'not_found', 'Receipt not found')),
    });
    renderApp(`/receipt/${PAYMENT_ID}`);
    expect(await screen.findByText('Receipt not found')).toBeVisible();
  });

  it('sends a signed-out visitor to log in', async () => {
    mockApi(sessionRoute(null));
    renderApp('/money');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Kept' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?returnTo=%2Fmoney');
  });

  it('is linked from Settings', async () => {
    mockApi({
      ...sessionRoute(alice),
      'GET /api/me/settings': () => new Promise<Response>(() => {}),
      'GET /api/me/money': () => json(history),
    });
    const user = renderApp('/settings');
    await user.click(await screen.findByRole('link', { name: 'Money history' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Money history' })).toBeVisible();
  });
});
