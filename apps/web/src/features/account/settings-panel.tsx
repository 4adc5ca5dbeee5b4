import { Suspense, lazy } from 'react';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { MESSAGES } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from './api';
import { useSettings } from './use-account';

// The sections (all on react-hook-form) are a chunk asked for as soon as this screen's code runs, beside
// the screen's own data, so they mount with it instead of a round trip after it.
const sections = import('./settings-later');
const SettingsSections = lazy(() => sections);

/** Settings while its data or the sections' code loads. */
function SettingsLoading() {
  return (
    <Card className="flex items-center gap-3 p-6 text-primary-700" role="status">
      <Spinner />
      <span className="text-slate-700">Loading your settings...</span>
    </Card>
  );
}

/** Settings: its sections once the saved settings and the sections' code are here. */
export function SettingsPanel() {
  const settings = useSettings();

  if (settings.isPending) return <SettingsLoading />;
  if (settings.isError) {
    return (
      <Alert tone="error" title={MESSAGES.loadSettingsFailed}>
        <p>{errorMessage(settings.error, 'Please check your connection and try again.')}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          loading={settings.isFetching}
          icon={<RotateCw aria-hidden="true" className="size-4" />}
          onClick={() => void settings.refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      <Suspense fallback={<SettingsLoading />}>
        <SettingsSections settings={settings.data} />
      </Suspense>
    </div>
  );
}
