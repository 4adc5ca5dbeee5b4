// The history panel: streak, completion rate (with pauses said to never break it) and the heatmap, whose
// days with check-ins are also a table for screen readers.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MyHistory, ProjectHistory } from '../src/features/history';
import { myHistoryQuery } from '../src/features/history/api';
import { answerHistory } from './history-fixtures';
import { renderWithProviders } from './helpers';

describe('history panel', { timeout: 15_000 }, () => {
  it("shows a project's streak, completion rate and check-ins", async () => {
    answerHistory({
      streak: 3,
      completionRate: 83,
      completedPeriods: 5,
      missedPeriods: 1,
      pausedPeriods: 1,
      checkInDates: ['2026-03-01', '2026-03-02', '2026-03-02', '2026-03-07'],
      today: '2026-03-08',
    });
    renderWithProviders(<ProjectHistory projectId="p-1" shown />);
    const region = await screen.findByRole('region', { name: 'Streak and history' });
    expect(within(region).getByText('Current streak').nextElementSibling).toHaveTextContent(
      '3 check-ins in a row',
    );
    expect(within(region).getByText('83%')).toBeInTheDocument();
    expect(
      within(region).getByText('5 check-ins done, 1 missed, 1 paused (never a break)'),
    ).toBeInTheDocument();
    expect(within(region).getByText('4 check-ins on 3 days in the last year.')).toBeInTheDocument();
    const table = within(region).getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true }).length).toBeGreaterThanOrEqual(3);
  });

  it('before anything is decided: no rate, a streak of 0', async () => {
    answerHistory();
    renderWithProviders(<MyHistory shown />);
    const region = await screen.findByRole('region', { name: 'Your streak and history' });
    expect(within(region).getByText('0 check-ins in a row')).toBeInTheDocument();
    expect(within(region).getByText('—')).toBeInTheDocument();
  });

  it('waits for the page above it: nothing while that is still loading, though its figures are here', async () => {
    answerHistory();
    const { queryClient } = renderWithProviders(<MyHistory shown={false} />);
    // The figures are fetched meanwhile, so they can appear the moment the page is shown.
    await waitFor(() => expect(queryClient.getQueryData(myHistoryQuery().queryKey)).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Your streak and history' })).toBeNull();
  });
});
