import { useState, type FormEvent } from 'react';
import { EMAIL_CHANGE_MESSAGES, PASSWORD_MESSAGES, normalizeEmail, validateEmail } from '@kept/domain';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { useSession } from '../session';
import { errorMessage } from './api';
import { OutcomeBanner, SettingsSection, type Outcome } from './settings-section';
import { useRequestEmailChange } from './use-account';

type Errors = { newEmail?: string; currentPassword?: string };

/**
 * Settings → Change email: the new address and the current password. The server mails a link to the new
 * address; the address changes only when it is opened, and the old address is then told, with an undo
 * link. On failure what was typed stays.
 */
export function ChangeEmailSection() {
  const { user } = useSession();
  const change = useRequestEmailChange();
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    setOutcome(null);
    const found: Errors = {};
    const address = newEmail.trim();
    if (address === '') found.newEmail = EMAIL_CHANGE_MESSAGES.newRequired;
    else if (validateEmail(address)) found.newEmail = validateEmail(address) ?? undefined;
    else if (user && normalizeEmail(address) === normalizeEmail(user.email))
      found.newEmail = EMAIL_CHANGE_MESSAGES.same;
    if (currentPassword === '') found.currentPassword = PASSWORD_MESSAGES.currentRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { newEmail: address, currentPassword },
      {
        onSuccess: (answer) => {
          setNewEmail('');
          setCurrentPassword('');
          setOutcome({ tone: 'success', text: answer.message });
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          if (fields && Object.keys(fields).length > 0) setErrors(fields as Errors);
          setOutcome({ tone: 'error', text: errorMessage(error) });
        },
      },
    );
  }

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
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="New email address"
          name="new-email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={newEmail}
          error={errors.newEmail}
          onChange={(event) => {
            setNewEmail(event.target.value);
            setErrors((current) => ({ ...current, newEmail: undefined }));
          }}
        />
        <PasswordField
          label="Current password"
          name="email-current-password"
          autoComplete="current-password"
          value={currentPassword}
          error={errors.currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setErrors((current) => ({ ...current, currentPassword: undefined }));
          }}
        />
        <Button type="submit" size="lg" loading={change.isPending}>
          {change.isPending ? 'Sending...' : 'Send the link'}
        </Button>
        <OutcomeBanner outcome={outcome} />
      </form>
    </SettingsSection>
  );
}
