// Streak, completion rate and a year of check-ins as a heatmap (accessible as a table too), from the
// server's figures. Shown under a project, on a profile and on My Projects.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckInHeatmap } from '../../components/check-in-heatmap';
import { Card } from '../../components/ui/card';
import { plural } from '../../lib/plural';
import { myHistoryQuery, profileHistoryQuery, projectHistoryQuery, type History } from './api';

function Figures({ history, title }: { history: History; title: string }) {
  const headingId = useId();
  const rate = history.completionRate === null ? '—' : `${history.completionRate}%`;
  return (
    <Card className="below-the-fold mt-6 p-5 sm:p-6">
      <section aria-labelledby={headingId} className="space-y-5">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">Current streak</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
              {plural(history.streak, 'check-in', 'check-ins')} in a row
            </dd>
          </div>
          <div className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">Completion rate</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{rate}</dd>
            <dd className="mt-1 text-xs text-slate-600">
              {plural(history.completedPeriods, 'check-in', 'check-ins')} done, {history.missedPeriods} missed
              {history.pausedPeriods > 0 ? `, ${history.pausedPeriods} paused (never a break)` : ''}
            </dd>
          </div>
        </dl>
        <CheckInHeatmap dates={history.checkInDates} today={history.today} />
      </section>
    </Card>
  );
}

type HistoryQuery = ReturnType<typeof projectHistoryQuery>;

/**
 * `shown`: whether the page's own content above it is on screen. The figures are fetched meanwhile but
 * shown only after it, so they never appear under a loading page and then get pushed down (a layout
 * shift Lighthouse counted at 0.43 on the project page).
 */
type Placement = { shown: boolean };

function HistoryPanel({ query, title, shown }: { query: HistoryQuery; title: string } & Placement) {
  const history = useQuery(query);
  // Below the page's own content, which shows the loading and error states: nothing until it is here.
  if (!shown || history.isPending || history.isError) return null;
  return <Figures history={history.data} title={title} />;
}

export const ProjectHistory = ({ projectId, shown }: { projectId: string } & Placement) => (
  <HistoryPanel query={projectHistoryQuery(projectId)} title="Streak and history" shown={shown} />
);

export const ProfileHistory = ({ username, shown }: { username: string } & Placement) => (
  <HistoryPanel query={profileHistoryQuery(username)} title="Streak and history" shown={shown} />
);

export const MyHistory = ({ shown }: Placement) => (
  <HistoryPanel query={myHistoryQuery()} title="Your streak and history" shown={shown} />
);
