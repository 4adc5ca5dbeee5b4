import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAUSE_MESSAGES, projectSchedule } from '@kept/domain';
import { CheckInHeatmap } from '../src/components/check-in-heatmap';
import { PausePeriods } from '../src/features/project-owner/pause-periods';

const project = {
  createdAt: new Date('2026-03-01T09:00:00Z'),
  totalLengthDays: 30,
  checkInFrequencyDays: 7,
  timezone: 'UTC',
};

describe('PausePeriods', () => {
  it('offers a pause for each later period it can, and says why not for the others', async () => {
    const onPause = vi.fn();
    const user = userEvent.setup();
    render(
      <PausePeriods
        schedule={projectSchedule(project)}
        now={Date.parse('2026-03-07T12:00:00Z')}
        pending={null}
        onPause={onPause}
        onLift={vi.fn()}
      />,
    );
    expect(screen.getByText(/You have used 0 of 1 pause/)).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText(PAUSE_MESSAGES.tooSoon)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause check-in 3 (Mar 15, 2026)' }));
    expect(onPause).toHaveBeenCalledWith(2);
  });

  it('offers to lift a pause before its period starts, and shows it as paused', async () => {
    const onLift = vi.fn();
    const user = userEvent.setup();
    render(
      <PausePeriods
        schedule={projectSchedule({ ...project, pausedPeriods: [3] })}
        now={Date.parse('2026-03-07T12:00:00Z')}
        pending={null}
        onPause={vi.fn()}
        onLift={onLift}
        error="Something went wrong"
      />,
    );
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getAllByText(PAUSE_MESSAGES.budgetUsed(1))).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Lift pause on check-in 4 (Mar 22, 2026)' }));
    expect(onLift).toHaveBeenCalledWith(3);
  });

  it('says when a project is too short to pause', () => {
    render(
      <PausePeriods
        schedule={projectSchedule({ ...project, totalLengthDays: 14 })}
        now={Date.parse('2026-03-01T12:00:00Z')}
        pending={null}
        onPause={vi.fn()}
        onLift={vi.fn()}
      />,
    );
    expect(screen.getByText('Projects with fewer than 4 check-ins cannot be paused.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('CheckInHeatmap', () => {
  it('summarises the year and lists the days with check-ins as a table', async () => {
    const user = userEvent.setup();
    render(<CheckInHeatmap dates={['2026-11-20', '2026-11-25', '2026-11-25']} today="2026-11-25" />);
    expect(screen.getByText('3 check-ins on 2 days in the last year.')).toBeInTheDocument();
    expect(screen.getByTestId('heatmap-grid').querySelectorAll('[data-level="2"]')).toHaveLength(1);
    await user.click(screen.getByText('Show as a table'));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DateCheck-ins', 'Nov 20, 20261', 'Nov 25, 20262']);
  });

  it('says so when there is nothing yet', async () => {
    const user = userEvent.setup();
    render(<CheckInHeatmap dates={[]} today="2026-11-25" />);
    await user.click(screen.getByText('Show as a table'));
    expect(screen.getByText('No check-ins in the last year yet.')).toBeInTheDocument();
  });
});
