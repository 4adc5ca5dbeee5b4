import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import CircleCheck from 'lucide-react/icons/circle-check';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { UpdateTimezoneRequestSchema, type UpdateTimezoneRequest } from '@kept/contract';
import {
  MESSAGES,
  canonicalTimezone,
  isSameTimezone,
  isSupportedTimezone,
  timezoneLabel,
  timezoneOptionLabel,
  timezoneUpdatedMessage,
  timezonesByRegion,
} from '@kept/domain';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { requestResolver } from '../../lib/forms';
import { detectTimezone } from './detect-timezone';
import { SettingsForm, useSettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';
import { useUpdateTimezone, type TimezoneInput } from './settings-writes';

const timezoneResolver = requestResolver<TimezoneInput, UpdateTimezoneRequest>(
  UpdateTimezoneRequestSchema,
  (values) => values,
);

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

/**
 * Settings → Timezone: the 35 zones grouped by region (a saved zone off the list stays selectable), the
 * device's zone beside the saved one, and a button to take the device's. Save waits for a change.
 */
export function TimezoneSection({ saved: savedName }: { saved: string }) {
  // A zone saved under an alias ('Asia/Calcutta') is shown and compared as its listed name.
  const saved = canonicalTimezone(savedName);
  // Read once: the offsets shown and the device's zone do not change while the form is open.
  const [now] = useState(() => Date.now());
  const [detected] = useState(detectTimezone);
  const { form, field, state } = useSettingsForm({
    defaultValues: { timezone: saved },
    resolver: timezoneResolver,
    write: useUpdateTimezone(),
    success: (settings) => timezoneUpdatedMessage(timezoneLabel(settings.timezone)),
    failed: MESSAGES.updateTimezoneFailed,
    after: (settings) => ({ timezone: canonicalTimezone(settings.timezone) }),
  });
  const selected = useWatch({ control: form.control, name: 'timezone' });

  return (
    <SettingsSection
      title="Timezone"
      description="Your check-in days and deadlines are worked out in this timezone."
    >
      <SettingsForm {...state} label="Save" pendingLabel="Saving..." disabled={selected === saved}>
        <SelectField label="Timezone" {...field('timezone')}>
          {isSupportedTimezone(selected) ? null : (
            <option value={selected}>{timezoneOptionLabel(selected, now)}</option>
          )}
          {timezonesByRegion().map(({ region, zones }) => (
            <optgroup key={region} label={region}>
              {zones.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {timezoneOptionLabel(zone.value, now)}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <DeviceTimezoneLine saved={saved} detected={detected} />
          {!isSameTimezone(detected, saved) &&
          !isSameTimezone(detected, selected) &&
          isSupportedTimezone(detected) ? (
            <Button
              variant="secondary"
              size="sm"
              className="self-start sm:self-auto"
              onClick={() => form.setValue('timezone', detected, { shouldDirty: true })}
            >
              Use my device's timezone
            </Button>
          ) : null}
        </div>
      </SettingsForm>
    </SettingsSection>
  );
}
