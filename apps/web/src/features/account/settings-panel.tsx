import { Suspense, lazy, useRef, useState, type FormEvent } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import RotateCw from 'lucide-react/icons/rotate-cw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import {
  MESSAGES,
  USERNAME_HINT,
  USERNAME_MESSAGES,
  canonicalTimezone,
  isSameTimezone,
  isSupportedTimezone,
  timezoneLabel,
  timezoneOptionLabel,
  timezoneUpdatedMessage,
  timezonesByRegion,
  validateUsername,
} from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { errorMessage, isUsernameTaken, type SettingsResponse } from './api';
import { detectTimezone } from './detect-timezone';
import { useSettings, useUpdateTimezone, useUpdateUsername } from './use-account';
import { OutcomeBanner, SettingsSection, type Outcome } from './settings-section';

function UsernameSection({ saved }: { saved: string | null }) {
  const update = useUpdateUsername();
  const inputRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState(saved ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = username.trim();
    if (update.isPending || trimmed === '') return;
    setOutcome(null);
    const invalid = validateUsername(trimmed);
    setFieldError(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    update.mutate(trimmed, {
      onSuccess: (settings) => {
        setUsername(settings.username ?? trimmed);
        setOutcome({ tone: 'success', text: MESSAGES.usernameUpdated });
      },
      onError: (error) => {
        if (isUsernameTaken(error) || (error instanceof ApiError && error.code === 'validation_error')) {
          setFieldError(errorMessage(error, USERNAME_MESSAGES.invalid));
          inputRef.current?.focus();
        } else {
          setOutcome({ tone: 'error', text: errorMessage(error, MESSAGES.updateUsernameFailed) });
        }
      },
    });
  }

  return (
    <SettingsSection
      title="Username"
      description="Your username is public: it appears on your projects and your profile page."
    >
      <form noValidate onSubmit={onSubmit}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            ref={inputRef}
            className="sm:flex-1"
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            hint={USERNAME_HINT}
            value={username}
            onChange={(event) => {
              setUsername(event.target.value);
              setFieldError(null);
              setOutcome(null);
            }}
            error={fieldError}
          />
          <Button
            type="submit"
            size="lg"
            className="h-11 sm:mt-7 sm:w-28"
            loading={update.isPending}
            disabled={username.trim() === ''}
          >
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
        <OutcomeBanner outcome={outcome} />
      </form>
    </SettingsSection>
  );
}

/** The detected-versus-saved line: green with a tick when they agree, red with a warning when not. */
function DeviceTimezoneLine({ saved, detected }: { saved: string; detected: string }) {
  const device = <strong className="font-semibold">{timezoneLabel(detected)}</strong>;
  if (isSameTimezone(detected, saved)) {
    return (
      <p className="flex items-start gap-2 text-sm text-green-800">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>Your device's timezone, {device}, matches your saved timezone.</span>
      </p>
    );
  }
  return (
    <p className="flex items-start gap-2 text-sm text-red-700">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Your device's timezone, {device}, is different from your saved timezone,{' '}
        <strong className="font-semibold">{timezoneLabel(saved)}</strong>. Check-ins are dated in your saved
        timezone.
      </span>
    </p>
  );
}

function TimezoneSection({ saved: savedName }: { saved: string }) {
  // A zone saved under an alias ('Asia/Calcutta') is shown and compared as its listed name.
  const saved = canonicalTimezone(savedName);
  const update = useUpdateTimezone();
  const [now] = useState(() => Date.now());
  const [detected] = useState(detectTimezone);
  const [selected, setSelected] = useState(saved);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const groups = timezonesByRegion();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setOutcome(null);
    update.mutate(selected, {
      onSuccess: (settings) =>
        setOutcome({ tone: 'success', text: timezoneUpdatedMessage(timezoneLabel(settings.timezone)) }),
      onError: (error) =>
        setOutcome({ tone: 'error', text: errorMessage(error, MESSAGES.updateTimezoneFailed) }),
    });
  }

  return (
    <SettingsSection
      title="Timezone"
      description="Your check-in days and deadlines are worked out in this timezone."
    >
      <form noValidate onSubmit={onSubmit}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <SelectField
            className="min-w-0 sm:flex-1"
            label="Timezone"
            name="timezone"
            value={selected}
            onChange={(event) => {
              setSelected(event.target.value);
              setOutcome(null);
            }}
          >
            {isSupportedTimezone(selected) ? null : (
              <option value={selected}>{timezoneOptionLabel(selected, now)}</option>
            )}
            {groups.map(({ region, zones }) => (
              <optgroup key={region} label={region}>
                {zones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {timezoneOptionLabel(zone.value, now)}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
          <Button
            type="submit"
            size="lg"
            className="h-11 sm:mt-7 sm:w-28"
            loading={update.isPending}
            disabled={selected === saved}
          >
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <DeviceTimezoneLine saved={saved} detected={detected} />
          {!isSameTimezone(detected, saved) &&
          !isSameTimezone(detected, selected) &&
          isSupportedTimezone(detected) ? (
            <Button
              variant="secondary"
              size="sm"
              className="self-start sm:self-auto"
              onClick={() => {
                setSelected(detected);
                setOutcome(null);
              }}
            >
              Use my device's timezone
            </Button>
          ) : null}
        </div>
        <OutcomeBanner outcome={outcome} />
      </form>
    </SettingsSection>
  );
}

// Asked for as soon as this screen's code runs, beside the screen's own data, so the later sections mount
// with the others instead of a round trip after them.
const laterSections = import('./settings-later');
const LaterSettingsSections = lazy(() => laterSections);

/** Where the later sections appear while their code loads. */
function LaterSectionsLoading() {
  return (
    <Card
      role="status"
      aria-busy="true"
      className="flex min-h-40 items-center justify-center gap-2 text-sm text-slate-600"
    >
      <Spinner size="sm" />
      Loading more settings...
    </Card>
  );
}

function SettingsForms({ settings }: { settings: SettingsResponse }) {
  return (
    <div className="space-y-6">
      <UsernameSection saved={settings.username} />
      <TimezoneSection saved={settings.timezone} />
      <Suspense fallback={<LaterSectionsLoading />}>
        <LaterSettingsSections />
      </Suspense>
    </div>
  );
}

/** Settings: the username with Save, and the timezone from the 35 zones grouped by region. */
export function SettingsPanel() {
  const settings = useSettings();

  if (settings.isPending) {
    return (
      <Card className="flex items-center gap-3 p-6 text-primary-700" role="status">
        <Spinner />
        <span className="text-slate-700">Loading your settings...</span>
      </Card>
    );
  }
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
  return <SettingsForms settings={settings.data} />;
}
