import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TransparencyResponse } from '@kept/contract';
import { TransparencyPage } from '../src/features/transparency/transparency-page';
import { json, mockApi, renderWithProviders } from './helpers';

const totals: TransparencyResponse = {
  asOf: '2026-04-12T10:00:00.000Z',
  depositsReceivedCents: 5_000,
  donationsReceivedCents: 10_000,
  donationsToPoolsCents: 8_000,
  platformShareCents: 2_000,
  processingFeesCents: 290,
  heldInPoolsCents: 0,
  refundedCents: 2_600,
  paidOutCents: 0,
  awaitingPayoutCents: 0,
  charities: [
    {
      id: 'kept-fund',
      name: 'Kept Charity Fund',
      registration: 'Held by Kept for the charities listed',
      site: '/transparency',
      forfeitedCents: 10_400,
      transferredCents: 10_001,
      heldCents: 399,
    },
    {
      id: 'givedirectly',
      name: 'GiveDirectly',
      registration: 'EIN 27-1661997',
      site: 'https://www.givedirectly.org',
      forfeitedCents: 2_001,
      transferredCents: 2_001,
      heldCents: 0,
    },
  ],
  transfers: [
    {
      charityId: 'givedirectly',
      charityName: 'GiveDirectly',
      amountCents: 2_001,
      reference: 'Fund transfer 2026-04',
      at: '2026-04-11T09:00:00.000Z',
    },
  ],
};

describe('the transparency page', () => {
  it('shows the ledger totals, each charity and each transfer with its reference', async () => {
    mockApi({ 'GET /api/transparency': () => json(totals) });
    renderWithProviders(<TransparencyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transparency' })).toBeInTheDocument();
    expect(await screen.findByText('Refunded to cards')).toBeInTheDocument();
    expect(screen.getByText('Refunded to cards').nextElementSibling).toHaveTextContent('$26.00');
    const table = within(screen.getByRole('table'));
    const fund = table.getByRole('row', { name: /Kept Charity Fund/ });
    expect(fund).toHaveTextContent('$104.00$100.01$3.99');
    expect(table.getByRole('link', { name: 'GiveDirectly' })).toHaveAttribute(
      'href',
      'https://www.givedirectly.org',
    );
    expect(screen.getByText(/ref\. Fund transfer 2026-04/)).toBeInTheDocument();
  });

  it('offers to try again when the totals cannot be loaded', async () => {
    mockApi({
      'GET /api/transparency': () => json({ error: { code: 'internal_error', message: 'x' } }, 500),
    });
    renderWithProviders(<TransparencyPage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
