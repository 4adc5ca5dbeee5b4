import type { PaymentIntentResponse } from '@kept/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import DonationDialog from '../src/features/donations/donation-dialog';
import { json, mockApi, renderWithProviders, routes } from './helpers';
import { PROJECT_ID, projectDetail } from './project-fixtures';

const intent: PaymentIntentResponse = {
  paymentId: 'pay-m',
  provider: 'simulated',
  clientSecret: 'secret-m',
  paymentIntentId: 'sim_pi_m',
  amountCents: 2_500,
  currency: 'usd',
};

async function fillCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Card number'), '4000000000000002');
  await user.type(screen.getByLabelText('Expiry'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe("A supporter's message in the donation dialog", () => {
  it('counts the characters, says when it is too long, and sends the message and the amount choice', async () => {
    const sent = mockApi(
      routes({
        'GET /api/payments/config': () => json({ provider: 'simulated', publishableKey: null }),
        'POST /api/donations/intent': () => json(intent),
        'POST /api/payments/simulated/confirm': () =>
          json({ error: { code: 'card_declined', message: 'Your card was declined.' } }, 402),
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <DonationDialog project={projectDetail().project} onClose={vi.fn()} onDonated={vi.fn()} />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Support This Project' }));
    const message = dialog.getByLabelText('Message of encouragement (optional)');
    expect(dialog.getByText('0 / 280 · shown on the project page')).toBeVisible();

    await user.click(message);
    await user.paste('x'.repeat(281));
    expect(message).toHaveAccessibleDescription(
      'A message can be at most 280 characters. 281 / 280 · shown on the project page',
    );
    expect(message).toHaveAttribute('aria-invalid', 'true');

    await user.clear(message);
    await user.type(message, 'You can do it!');
    expect(dialog.queryByText('A message can be at most 280 characters.')).toBeNull();
    expect(message).toHaveAccessibleDescription('14 / 280 · shown on the project page');
    expect(dialog.getByText('14 / 280 · shown on the project page')).toBeVisible();
    await user.click(dialog.getByRole('checkbox', { name: 'Show the amount on the supporters list' }));

    await fillCard(user);
    await user.click(dialog.getByRole('button', { name: 'Donate $25.00' }));
    expect(await screen.findByText('Your card was declined.')).toBeVisible();
    const bodies = sent.mock.calls
      .filter(([url]) => url === '/api/donations/intent')
      .map(([, request]) => JSON.parse(String(request.body)) as Record<string, unknown>);
    expect(bodies).toEqual([
      {
        projectId: PROJECT_ID,
        amountCents: 2_500,
        donorName: '',
        donorEmail: '',
        donorAnonymous: true,
        message: 'You can do it!',
        showAmount: true,
      },
    ]);
    // A failed payment keeps what was typed.
    expect(message).toHaveValue('You can do it!');
  });
});
