// Settings → Your data: ask for a copy of everything Kept holds about you, watch it being built, then
// download it (for 7 days). The server builds it in the background and emails when it is ready.
import { useState } from 'react';
import Download from 'lucide-react/icons/download';
import {
  DATA_EXPORT_KEEP_DAYS,
  DATA_EXPORT_MESSAGES,
  formatLocalDate,
  isDataExportBusy,
  localDateOf,
} from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { UploadProgress } from '../../components/ui/upload-progress';
import { errorMessage } from './api';
import { LoadFailed } from './load-failed';
import { detectTimezone } from './detect-timezone';
import { useDataExport, useRequestDataExport, type DataExport } from './data-export-api';
import { OutcomeBanner, SettingsSection, type Outcome } from './settings-section';

/** '2.4 MB', '310 KB': the zip's size, for the download link. */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1_000))} KB`;
}

const dayOf = (iso: string) => formatLocalDate(localDateOf(new Date(iso), detectTimezone()), { long: true });

/** Where the latest export stands: progress, the download, or what went wrong. */
function ExportStatus({ latest }: { latest: DataExport }) {
  if (isDataExportBusy(latest.state)) {
    const { done, total } = latest.progress;
    return (
      <div className="space-y-2">
        <UploadProgress
          id="data-export-progress"
          label={latest.state === 'queued' ? 'Waiting to start...' : 'Building your export...'}
          percent={Math.floor((done / total) * 100)}
        />
        <p className="text-sm text-slate-600">You can leave this page: we'll email you when it's ready.</p>
      </div>
    );
  }
  if (latest.state === 'ready' && latest.downloadUrl && latest.expiresAt) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-green-900">
          Your export is ready{latest.sizeBytes ? ` (${formatSize(latest.sizeBytes)})` : ''}. You can download
          it until <strong className="font-semibold">{dayOf(latest.expiresAt)}</strong>.
        </p>
        <a
          href={latest.downloadUrl}
          download
          className={buttonClasses('primary', 'md', 'self-start sm:self-auto')}
        >
          <Download aria-hidden="true" className="size-4" />
          Download your data
        </a>
      </div>
    );
  }
  if (latest.state === 'failed') return <Alert tone="error">{DATA_EXPORT_MESSAGES.failed}</Alert>;
  // Ready but past its time, or expired: say so, and offer a new one with the button below.
  return (
    <p className="text-sm text-slate-600">
      Your last export was deleted {DATA_EXPORT_KEEP_DAYS} days after it was made. You can request a new one.
    </p>
  );
}

export function DataExportSection() {
  const latest = useDataExport();
  const request = useRequestDataExport();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const current = latest.data?.export ?? null;
  const busy = current !== null && isDataExportBusy(current.state);

  function onRequest() {
    if (request.isPending || busy) return;
    setOutcome(null);
    request.mutate(undefined, {
      onError: (error) =>
        setOutcome({ tone: 'error', text: errorMessage(error, DATA_EXPORT_MESSAGES.requestFailed) }),
    });
  }

  return (
    <SettingsSection
      id="your-data"
      title="Your data"
      description={`Download a copy of your profile, projects, check-ins and photos, pauses, donations, payments, refunds and payouts, as JSON and CSV files in one zip. It is kept for ${DATA_EXPORT_KEEP_DAYS} days.`}
    >
      <div className="space-y-4">
        <div aria-live="polite">
          {latest.isPending ? (
            <p role="status" className="flex items-center gap-3 text-sm text-slate-700">
              <Spinner /> Loading your exports...
            </p>
          ) : latest.isError ? (
            <LoadFailed title={DATA_EXPORT_MESSAGES.loadFailed} query={latest} />
          ) : current ? (
            <ExportStatus latest={current} />
          ) : null}
        </div>
        {latest.isSuccess && !busy ? (
          <Button
            variant={current?.state === 'ready' ? 'secondary' : 'primary'}
            loading={request.isPending}
            onClick={onRequest}
          >
            {request.isPending
              ? 'Requesting...'
              : current === null
                ? 'Request my data'
                : 'Request a new export'}
          </Button>
        ) : null}
      </div>
      <OutcomeBanner outcome={outcome} />
    </SettingsSection>
  );
}
