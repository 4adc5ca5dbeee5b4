import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import DonationDialog from '../src/features/donations/donation-dialog';
import { json, mockApi, renderWithProviders, routes } from './helpers';
import { projectDetail } from './project-fixtures';

describe("The donation dialog's split in dollars", () => {
  it("shows '$25.00 → $20.00 to the project, $5.00 to Kept' and follows the amount chosen", async () => {
    mockApi(
      routes({ 'GET /api/payments/config': () => json({ provider: 'simulated', publishableKey: null }) }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <DonationDialog project={projectDetail().project} onClose={vi.fn()} onDonated={vi.fn()} />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Support This Project' }));
    expect(dialog.getByText('$25.00 → $20.00 to the project, $5.00 to Kept')).toBeVisible();

    await user.click(dialog.getByRole('radio', { name: 'Custom' }));
    const custom = dialog.getByLabelText('Custom amount');
    await user.type(custom, '10.01');
    // floor(80%) to the project, the odd cent to Kept: what the ledger books.
    expect(dialog.getByText('$10.01 → $8.00 to the project, $2.01 to Kept')).toBeVisible();

    await user.clear(custom);
    await user.type(custom, '0.25');
    expect(dialog.queryByText(/to the project, .* to Kept/)).toBeNull();
  });
});
