import { useMemo } from 'react';
import { ChangeEmailRequestSchema, type ChangeEmailRequest } from '@kept/contract';
import { EMAIL_CHANGE_MESSAGES, normalizeEmail } from '@kept/domain';
import { PasswordField, TextField } from '../../components/ui/field';
import { requestResolver } from '../../lib/forms';
import { useSession } from '../session';
import { SettingsSection } from './settings-section';
import { SettingsForm, useSettingsForm } from './settings-form';
import { useRequestEmailChange, type EmailChangeInput } from './settings-writes';

/** The request's rules, and one the schema cannot know: the new address must not be the current one. */
const changeEmailResolver = (currentEmail: string | undefined) =>
  requestResolver<EmailChangeInput, ChangeEmailRequest>(
    ChangeEmailRequestSchema,
    (values) => values,
    undefined,
    ({ newEmail }) =>
      currentEmail !== undefined && normalizeEmail(newEmail.trim()) === normalizeEmail(currentEmail)
        ? { newEmail: EMAIL_CHANGE_MESSAGES.same }
        : {},
  );

/**
 * Settings → Change email: the new address and the current password. The server mails a link to the new
 * address; the address changes only when it is opened, and the old address is then told, with an undo
 * link. On failure what was typed stays.
 */
export function ChangeEmailSection() {
  const { user } = useSession();
  const resolver = useMemo(() => changeEmailResolver(user?.email), [user?.email]);
  const { field, state } = useSettingsForm({
    defaultValues: { newEmail: '', currentPassword: '' },
    resolver,
    write: useRequestEmailChange(),
    success: (answer) => answer.message,
  });

  return (
    <SettingsSection
      title="Change email"
      description={
        <>
          Your address now is <strong className="font-medium break-all text-slate-900">{user?.email}</strong>.
          We send a link to the new address; it changes when you open it. Your current address is told, with a
          way to undo the change.
        </>
      }
    >
      <SettingsForm {...state} label="Send the link" pendingLabel="Sending...">
        <TextField
          label="New email address"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...field('newEmail')}
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
