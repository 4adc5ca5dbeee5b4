// The Settings sections: the username, the timezone, changing the email and the password (their forms on
// react-hook-form), reminders and push devices, Your data, deleting the account. A chunk of their own,
// asked for as soon as the screen's code runs, so the screen's first code stays within its budget
// (e2e/budget.spec.ts): react-hook-form and zod are here, not there.
import type { SettingsResponse } from './api';
import { ChangeEmailSection } from './change-email-section';
import { ChangePasswordSection } from './change-password-section';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';
import { ReminderSettings } from './reminder-settings';
import { TimezoneSection } from './timezone-section';
import { UsernameSection } from './username-section';

export default function LaterSettingsSections({ settings }: { settings: SettingsResponse }) {
  return (
    <>
      <UsernameSection saved={settings.username} />
      <TimezoneSection saved={settings.timezone} />
      <ChangeEmailSection />
      <ChangePasswordSection />
      <ReminderSettings />
      <DataExportSection />
      <DeleteAccountSection />
    </>
  );
}
