import { Suspense, lazy } from 'react';
import { MESSAGES } from '@kept/domain';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useSettings } from './use-account';
import { LoadFailed } from './load-failed';

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
    return <LoadFailed title={MESSAGES.loadSettingsFailed} query={settings} />;
  }
  return (
    <div className="space-y-6">
      <Suspense fallback={<SettingsLoading />}>
        <SettingsSections settings={settings.data} />
      </Suspense>
    </div>
  );
}
