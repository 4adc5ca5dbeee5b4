// Settings' push section (issue 23): turn notifications on for this device (asks the browser's
// permission, subscribes with Kept's public key, tells the server), turn them off, and the list of
// devices that get them, each with Remove. Unsupported browsers and blocked notifications get clear words.
import { useEffect, useState } from 'react';
import BellRing from 'lucide-react/icons/bell-ring';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Alert } from '../../components/ui/alert';
import { errorMessage } from './api';
import {
  PUSH_TEXTS,
  PushSetupError,
  currentSubscription,
  pushSupport,
  useEnablePush,
  usePushDevices,
  useRemovePushDevice,
  type PushDevice,
  type PushSupport,
} from './push-api';
import { OutcomeBanner, SettingsSection, type Outcome } from './settings-section';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** This browser's push endpoint (undefined while it is being read; null when it has none). */
function useThisEndpoint(support: PushSupport): [string | null | undefined, (v: string | null) => void] {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(
    support === 'unsupported' ? null : undefined,
  );
  useEffect(() => {
    if (support === 'unsupported') return;
    let live = true;
    currentSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [support]);
  return [endpoint, setEndpoint];
}

function DeviceRow({
  device,
  thisBrowser,
  onRemove,
  removing,
}: {
  device: PushDevice;
  thisBrowser: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {device.deviceLabel}
          {thisBrowser ? (
            <span className="ml-2 text-sm font-normal text-slate-600">(this device)</span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          Since {dateFormat.format(new Date(device.createdAt))}
          {device.lastSuccessAt
            ? ` · last notified ${dateFormat.format(new Date(device.lastSuccessAt))}`
            : ''}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={removing}
        onClick={onRemove}
        aria-label={`Remove ${device.deviceLabel}${thisBrowser ? ' (this device)' : ''}`}
      >
        Remove
      </Button>
    </li>
  );
}

export function PushSection() {
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [thisEndpoint, setThisEndpoint] = useThisEndpoint(support);
  const devices = usePushDevices();
  const enable = useEnablePush();
  const remove = useRemovePushDevice();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = devices.data?.devices ?? [];
  const thisDevice = thisEndpoint ? list.find((d) => d.endpoint === thisEndpoint) : undefined;

  function turnOn() {
    setOutcome(null);
    enable.mutate(undefined, {
      onSuccess: (data) => {
        setThisEndpoint(data.devices.at(-1)?.endpoint ?? null);
        void currentSubscription().then((s) => setThisEndpoint(s?.endpoint ?? null));
        setOutcome({
          tone: 'success',
          text: 'Notifications turned on. Your reminders and donations will show on this device.',
        });
      },
      onError: (error) => {
        setSupport(pushSupport());
        setOutcome({
          tone: 'error',
          text: error instanceof PushSetupError ? error.message : errorMessage(error, PUSH_TEXTS.failed),
        });
      },
    });
  }

  function removeDevice(device: PushDevice) {
    setOutcome(null);
    const thisBrowser = device.endpoint === thisEndpoint;
    remove.mutate(
      { device, thisBrowser },
      {
        onSuccess: () => {
          if (thisBrowser) setThisEndpoint(null);
          setOutcome({
            tone: 'success',
            text: thisBrowser
              ? 'Notifications are off for this device.'
              : `${device.deviceLabel} will not get notifications any more.`,
          });
        },
        onError: (error) =>
          setOutcome({
            tone: 'error',
            text: errorMessage(error, 'Could not remove that device. Please try again.'),
          }),
      },
    );
  }

  return (
    <SettingsSection
      id="notifications"
      title="Notifications on your devices"
      description="Reminders you chose to get by push, and news of donations, as notifications on the devices you turn on here."
    >
      {support === 'unsupported' ? (
        <Alert tone="info">{PUSH_TEXTS.unsupported}</Alert>
      ) : support === 'denied' ? (
        <Alert tone="error">{PUSH_TEXTS.denied}</Alert>
      ) : thisEndpoint === undefined || devices.isPending ? (
        <p role="status" className="flex items-center gap-3 text-sm text-slate-700">
          <Spinner /> Checking this device...
        </p>
      ) : thisDevice ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-800">Notifications are on for this device.</p>
          <Button
            variant="secondary"
            loading={remove.isPending && remove.variables?.thisBrowser === true}
            onClick={() => removeDevice(thisDevice)}
          >
            Turn off on this device
          </Button>
        </div>
      ) : (
        <Button
          loading={enable.isPending}
          icon={<BellRing aria-hidden="true" className="size-4" />}
          onClick={turnOn}
        >
          {enable.isPending ? 'Turning on...' : 'Turn on for this device'}
        </Button>
      )}

      <h3 className="mt-6 text-sm font-semibold text-slate-900">Devices that get notifications</h3>
      {devices.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-3 text-sm text-slate-700">
          <Spinner /> Loading your devices...
        </p>
      ) : devices.isError ? (
        <Alert tone="error" className="mt-2">
          {errorMessage(devices.error, 'Could not load your devices. Please try again.')}
        </Alert>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No device gets notifications yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200">
          {list.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              thisBrowser={device.endpoint === thisEndpoint}
              removing={remove.isPending && remove.variables?.device.id === device.id}
              onRemove={() => removeDevice(device)}
            />
          ))}
        </ul>
      )}
      <OutcomeBanner outcome={outcome} />
    </SettingsSection>
  );
}
