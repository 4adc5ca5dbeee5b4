import type { EndingPreviewResponse } from '@kept/contract';
import { ENDING_MESSAGES } from '@kept/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EndProjectDialog from '../src/features/project-owner/end-project-dialog';
import { json, mockApi, renderWithProviders } from './helpers';
import { PROJECT_ID, projectDetail } from './project-fixtures';

const preview: EndingPreviewResponse = {
  cancel: {
    allowed: false,
    reason: ENDING_MESSAGES.cancelWindow,
    refundToCardCents: 5_000,
    payoutCents: 0,
    forfeitCents: 0,
    feeKeptCents: 290,
  },
  cancelDeadline: '2026-03-02T11:59:59.999Z',
  end: {
    allowed: true,
    reason: null,
    refundToCardCents: 2_000,
    payoutCents: 0,
    forfeitCents: 3_000,
    feeKeptCents: 0,
  },
};

function renderDialog() {
  const onEnded = vi.fn();
  const onClose = vi.fn();
  const user = userEvent.setup({ delay: null });
  const { project } = projectDetail({ isOwner: true });
  renderWithProviders(<EndProjectDialog project={project} onClose={onClose} onEnded={onEnded} />);
  return { user, onEnded, onClose };
}

describe('End or cancel dialog', () => {
  it('shows the exact amounts before anything happens, then ends the project on confirm', async () => {
    const calls = mockApi({
      [`GET /api/projects/${PROJECT_ID}/ending`]: () => json(preview),
      [`POST /api/projects/${PROJECT_ID}/end`]: () =>
        json({
          outcome: 'ended',
          refundToCardCents: 2_000,
          payoutCents: 0,
          forfeitCents: 3_000,
          feeKeptCents: 0,
        }),
    });
    const { user, onEnded } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'End or cancel this project' });
    const d = within(dialog);
    expect(await d.findByText('End the project now')).toBeVisible();
    expect(d.getByText(/Back to your card/)).toHaveTextContent('$20.00');
    expect(d.getByText(/To charity/)).toHaveTextContent('$30.00');
    // Cancelling is no longer possible, and the dialog says why.
    expect(d.queryByText('Cancel the project')).not.toBeInTheDocument();
    expect(d.getByText(`Cancelling: ${ENDING_MESSAGES.cancelWindow}`)).toBeVisible();
    expect(calls.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    await user.click(d.getByRole('button', { name: 'End project now' }));
    await vi.waitFor(() => expect(onEnded).toHaveBeenCalled());
  });

  it('offers to cancel in the first 24 hours, with the fee kept, and shows a refusal in the server’s words', async () => {
    mockApi({
      [`GET /api/projects/${PROJECT_ID}/ending`]: () =>
        json({ ...preview, cancel: { ...preview.cancel, allowed: true, reason: null } }),
      [`POST /api/projects/${PROJECT_ID}/cancel`]: () =>
        json({ error: { code: 'cancel_not_allowed', message: ENDING_MESSAGES.cancelDonations } }, 409),
    });
    const { user, onEnded } = renderDialog();
    const d = within(await screen.findByRole('dialog', { name: 'End or cancel this project' }));
    expect(await d.findByText('Processing fee kept: $2.90')).toBeVisible();
    await user.click(d.getByRole('button', { name: 'Cancel project and refund $50.00' }));
    expect(await d.findByText(ENDING_MESSAGES.cancelDonations)).toBeVisible();
    expect(onEnded).not.toHaveBeenCalled();
  });
});
