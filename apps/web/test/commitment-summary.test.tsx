import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CommitmentSummary } from '../src/features/create-project/commitment-summary';

function Harness(props: { depositCents: number | null; frequencyDays: number | null; error?: string }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <>
      <CommitmentSummary
        depositCents={props.depositCents}
        lengthDays={30}
        frequencyDays={props.frequencyDays}
        timezone="America/New_York"
        charityId="against-malaria"
        now={new Date('2026-03-01T15:00:00Z')}
        agreed={agreed}
        onAgreedChange={setAgreed}
        error={props.error ?? null}
      />
      <output>{agreed ? 'agreed' : 'not agreed'}</output>
    </>
  );
}

describe('CommitmentSummary', () => {
  it('states the charge, the dates, what comes back and where forfeits go, from the user’s numbers', () => {
    render(<Harness depositCents={5_000} frequencyDays={7} />);
    const summary = within(screen.getByRole('region', { name: 'Your commitment, in plain words' }));
    expect(summary.getByText(/Today your card is charged/)).toHaveTextContent(
      'Today your card is charged $52.90: the $50.00 deposit and a $2.90 processing fee. The fee is not refundable.',
    );
    expect(summary.getByText(/You check in 5 times/)).toHaveTextContent(
      'Mar 1, 2026 (automatic), Mar 8, 2026, Mar 15, 2026, Mar 22, 2026, Mar 29, 2026',
    );
    expect(summary.getByText(/America\/New_York time/)).toBeInTheDocument();
    expect(
      summary.getByText('No missed check-ins: $50.00 back, $0.00 to Against Malaria Foundation'),
    ).toBeInTheDocument();
    expect(
      summary.getByText('1 missed check-in: $40.00 back, $10.00 to Against Malaria Foundation'),
    ).toBeInTheDocument();
    expect(
      summary.getByText('4 missed check-ins: $10.00 back, $40.00 to Against Malaria Foundation'),
    ).toBeInTheDocument();
    expect(summary.getByText(/You can pause up to 1 check-in period/)).toBeInTheDocument();
    expect(summary.getByText(/cancel within 24 hours/)).toBeInTheDocument();
    expect(summary.getByText(/5–10 business days/)).toBeInTheDocument();
  });

  it('waits for a deposit and a frequency before giving figures', () => {
    render(<Harness depositCents={null} frequencyDays={7} />);
    expect(
      screen.getByText('Choose a deposit and a check-in frequency to see your commitment.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Today your card is charged/)).not.toBeInTheDocument();
  });

  it('has a labelled "I agree" checkbox that announces its error', async () => {
    const user = userEvent.setup();
    render(<Harness depositCents={2_000} frequencyDays={7} error="Please tick I agree." />);
    const box = screen.getByRole('checkbox', { name: 'I agree to this commitment' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please tick I agree.');
    await user.click(box);
    expect(screen.getByText('agreed')).toBeInTheDocument();
  });
});
