// The Settings sections below the account's basics: reminders and push devices, Your data, deleting the
// account. A chunk of their own, loaded as soon as the screen renders, so the screen's first code (the
// username, timezone, email and password forms) stays within its budget (e2e/budget.spec.ts).
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';
import { ReminderSettings } from './reminder-settings';

export default function LaterSettingsSections() {
  return (
    <>
      <ReminderSettings />
      <DataExportSection />
      <DeleteAccountSection />
    </>
  );
}
