// The Settings sections below the username and the timezone: changing the email and the password (their
// forms on react-hook-form), reminders and push devices, Your data, deleting the account. A chunk of
// their own, loaded as soon as the screen renders, so the screen's first code (the username and timezone
// forms) stays within its budget (e2e/budget.spec.ts).
import { ChangeEmailSection } from './change-email-section';
import { ChangePasswordSection } from './change-password-section';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';
import { ReminderSettings } from './reminder-settings';

export default function LaterSettingsSections() {
  return (
    <>
      <ChangeEmailSection />
      <ChangePasswordSection />
      <ReminderSettings />
      <DataExportSection />
      <DeleteAccountSection />
    </>
  );
}
