// Settings' sections on staying on track (issue 23): which reminders to get and when (with quiet hours
// and a choice per running project), and the private calendar link with a way to replace it.
import { useId, useRef, useState } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import Copy from 'lucide-react/icons/copy';
import { REMINDER_TIMINGS, REMINDER_TIMING_LABELS } from '@kept/domain';
import { ReminderPrefsSchema } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { Field, TextField, lineInputClass } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { cx } from '../../lib/cx';
import { requestResolver } from '../../lib/forms';
import { errorMessage } from './api';
import {
  useCalendarFeed,
  useReminders,
  useRotateCalendarFeed,
  useSaveProjectReminders,
  useSaveReminders,
  type ReminderOverrideDto,
  type ReminderPrefsDto,
  type RemindersResponse,
} from './reminders-api';
import { PushSection } from './push-settings';
import { LoadFailed } from './load-failed';
import { OutcomeBanner, SettingsSection, type Outcome } from './settings-section';
import { SettingsForm, useSettingsForm } from './settings-form';

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-sm text-slate-700">
      <Spinner /> {text}
    </p>
  );
}

const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return Number.isInteger(h) && Number.isInteger(m) ? h! * 60 + m! : null;
};

const checkboxClass = 'mt-0.5 size-4 shrink-0 accent-primary-700';

function Checkbox({ label, ...input }: { label: string } & UseFormRegisterReturn) {
  return (
    <label className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" className={checkboxClass} {...input} />
      <span>{label}</span>
    </label>
  );
}

/** The reminders form's values: the preferences, with quiet hours as a switch and two times as typed. */
interface PrefsValues {
  channels: ReminderPrefsDto['channels'];
  timings: ReminderPrefsDto['timings'];
  quietOn: boolean;
  quietHours: { start: string; end: string };
}

const toValues = (prefs: ReminderPrefsDto): PrefsValues => ({
  channels: prefs.channels,
  timings: prefs.timings,
  quietOn: prefs.quietHours !== null,
  quietHours: {
    start: toTime(prefs.quietHours?.start ?? 22 * 60),
    end: toTime(prefs.quietHours?.end ?? 7 * 60),
  },
});

/** What PUT /api/me/reminders sends for the values (a time not chosen is refused by the schema). */
const toPrefs = ({ channels, timings, quietOn, quietHours }: PrefsValues) => ({
  channels,
  timings,
  quietHours: quietOn ? { start: toMinutes(quietHours.start), end: toMinutes(quietHours.end) } : null,
});

/** The contract's ReminderPrefsSchema on the request the values make; its messages land on the times. */
const prefsResolver = requestResolver<PrefsValues, ReturnType<typeof toPrefs>>(ReminderPrefsSchema, toPrefs);

function PreferencesForm({ saved }: { saved: ReminderPrefsDto }) {
  const { form, state } = useSettingsForm({
    defaultValues: toValues(saved),
    resolver: prefsResolver,
    write: useSaveReminders(),
    toRequest: (values: PrefsValues) => {
      const prefs = toPrefs(values);
      // Checked by the resolver: both times are chosen when quiet hours are on.
      return { ...prefs, quietHours: prefs.quietHours as ReminderPrefsDto['quietHours'] };
    },
    success: () => 'Reminder settings saved.',
    failed: 'Failed to save reminder settings.',
    after: (answer) => toValues(answer.prefs),
  });
  const { register, control } = form;
  const quietOn = useWatch({ control, name: 'quietOn' });
  const errors = form.formState.errors.quietHours;
  const apart = errors?.message;
  const apartId = useId();
  // A change of either time checks the pair again (whether they differ) once the form was sent.
  const time = (name: 'quietHours.start' | 'quietHours.end') => register(name, { deps: 'quietHours' });

  return (
    <SettingsForm {...state} label="Save" pendingLabel="Saving...">
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">How</legend>
        <Checkbox label="Email reminders" {...register('channels.email')} />
        <Checkbox label="Notifications on the devices you turn on below" {...register('channels.push')} />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">When</legend>
        {REMINDER_TIMINGS.map((timing) => (
          <Checkbox key={timing} label={REMINDER_TIMING_LABELS[timing]} {...register(`timings.${timing}`)} />
        ))}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Quiet hours</legend>
        <Checkbox label="Hold reminders during quiet hours (in your timezone)" {...register('quietOn')} />
        {quietOn ? (
          <div className="flex flex-wrap gap-4">
            <TextField
              label="From"
              className="w-40"
              type="time"
              error={errors?.start?.message}
              invalid={apart !== undefined}
              aria-describedby={apart ? apartId : undefined}
              {...time('quietHours.start')}
            />
            <TextField
              label="Until"
              className="w-40"
              type="time"
              error={errors?.end?.message}
              invalid={apart !== undefined}
              aria-describedby={apart ? apartId : undefined}
              {...time('quietHours.end')}
            />
          </div>
        ) : null}
        <div aria-live="polite">
          {quietOn && apart ? (
            <p id={apartId} className="text-sm font-medium text-red-700">
              {apart}
            </p>
          ) : null}
        </div>
      </fieldset>
    </SettingsForm>
  );
}

type Choice = 'follow' | 'off' | 'email' | 'custom';
const CHOICES: Record<Exclude<Choice, 'custom'>, ReminderOverrideDto | null> = {
  follow: null,
  off: { channels: { email: false, push: false } },
  email: { channels: { email: true } },
};

function choiceOf(override: ReminderOverrideDto | null): Choice {
  if (!override) return 'follow';
  if (override.timings) return 'custom';
  if (override.channels?.email === false && override.channels.push !== true) return 'off';
  if (override.channels?.email === true && override.channels.push === undefined) return 'email';
  return 'custom';
}

function ProjectChoices({ projects }: { projects: RemindersResponse['projects'] }) {
  const save = useSaveProjectReminders();
  // What the last choice came to: the mutation's state, not a copy of it.
  const title = projects.find((project) => project.projectId === save.variables?.projectId)?.title;
  const outcome: Outcome = save.isSuccess
    ? { tone: 'success', text: `Reminders for “${title}” saved.` }
    : save.isError
      ? { tone: 'error', text: errorMessage(save.error, 'Failed to save reminder settings.') }
      : null;
  if (projects.length === 0) return null;
  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      <h3 className="text-sm font-semibold text-slate-900">For each running project</h3>
      <ul className="mt-3 space-y-3">
        {projects.map((project) => {
          const choice = choiceOf(project.override);
          return (
            <li key={project.projectId}>
              <SelectField
                label={project.title}
                value={choice}
                disabled={save.isPending && save.variables?.projectId === project.projectId}
                onChange={(event) => {
                  const next = event.target.value as Choice;
                  if (next === 'custom') return;
                  save.mutate({ projectId: project.projectId, override: CHOICES[next] });
                }}
              >
                <option value="follow">Follow my settings</option>
                <option value="email">Email reminders, whatever my settings say</option>
                <option value="off">No reminders for this project</option>
                {choice === 'custom' ? <option value="custom">Custom</option> : null}
              </SelectField>
            </li>
          );
        })}
      </ul>
      <OutcomeBanner outcome={outcome} />
    </div>
  );
}

function RemindersSection() {
  const reminders = useReminders();
  return (
    <SettingsSection
      title="Reminders"
      description="Choose how and when Kept reminds you of a check-in. A paused check-in never sends a reminder."
    >
      {reminders.isPending ? (
        <Loading text="Loading your reminder settings..." />
      ) : reminders.isError ? (
        <LoadFailed title="Could not load this section" query={reminders} />
      ) : (
        <>
          <PreferencesForm saved={reminders.data.prefs} />
          <ProjectChoices projects={reminders.data.projects} />
        </>
      )}
    </SettingsSection>
  );
}

function CalendarSection() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const linkRef = useRef<HTMLInputElement>(null);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setOutcome({
        tone: 'success',
        text: 'Link copied. Paste it into your calendar app as a subscription.',
      });
    } catch {
      linkRef.current?.select();
      setOutcome({ tone: 'error', text: 'Could not copy the link. It is selected: copy it yourself.' });
    }
  }

  return (
    <SettingsSection
      id="calendar"
      title="Calendar"
      description="Subscribe to this private link in your calendar app to see every upcoming check-in. Anyone with the link can see your check-in dates."
    >
      {feed.isPending ? (
        <Loading text="Loading your calendar link..." />
      ) : feed.isError ? (
        <LoadFailed title="Could not load this section" query={feed} />
      ) : (
        <div>
          <Field label="Your calendar link">
            {(control) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <input
                  ref={linkRef}
                  {...control}
                  readOnly
                  value={feed.data.url}
                  onFocus={(e) => e.target.select()}
                  className={cx(lineInputClass, 'flex-1 bg-slate-50 font-mono text-xs')}
                />
                <Button
                  variant="secondary"
                  size="lg"
                  className="h-11"
                  icon={<Copy aria-hidden="true" className="size-4" />}
                  onClick={() => void copy(feed.data.url)}
                >
                  Copy link
                </Button>
              </div>
            )}
          </Field>
          <Button
            variant="ghost"
            size="sm"
            className="mt-3"
            loading={rotate.isPending}
            onClick={() => {
              if (
                !window.confirm(
                  'Get a new link? The old link will stop working in every calendar that uses it.',
                )
              )
                return;
              setOutcome(null);
              rotate.mutate(undefined, {
                onSuccess: () =>
                  setOutcome({ tone: 'success', text: 'New link made. The old one no longer works.' }),
                onError: (error) =>
                  setOutcome({ tone: 'error', text: errorMessage(error, 'Failed to make a new link.') }),
              });
            }}
          >
            Get a new link
          </Button>
          <OutcomeBanner outcome={outcome} />
        </div>
      )}
    </SettingsSection>
  );
}

/** The Reminders, Notifications and Calendar sections of Settings. */
export function ReminderSettings() {
  return (
    <>
      <RemindersSection />
      <PushSection />
      <CalendarSection />
    </>
  );
}
