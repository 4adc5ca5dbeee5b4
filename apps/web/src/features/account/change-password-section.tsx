import { useState, type FormEvent } from 'react';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, validatePasswordReset } from '@kept/domain';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { errorMessage } from './api';
import { OutcomeBanner, SettingsSection, type Outcome } from './settings-section';
import { useChangePassword } from './use-account';

type Errors = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

/**
 * Settings → Change password: the current password, the new one twice. On success every other session
 * ends (this browser stays signed in) and an email tells the owner; on failure what was typed stays.
 */
export function ChangePasswordSection() {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    setOutcome(null);
    const found: Errors = {};
    if (currentPassword === '') found.currentPassword = PASSWORD_MESSAGES.currentRequired;
    const invalid = validatePasswordReset(newPassword, confirmPassword);
    if (invalid === PASSWORD_MESSAGES.mismatch) found.confirmPassword = invalid;
    else if (invalid) found.newPassword = invalid;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword, newPassword, confirmPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          setConfirmPassword('');
          setOutcome({ tone: 'success', text: PASSWORD_MESSAGES.changed });
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
      title="Change password"
      description="Enter your current password, then the new one twice. Every other device signed in to your account will be signed out."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <PasswordField
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={currentPassword}
          error={errors.currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setErrors((current) => ({ ...current, currentPassword: undefined }));
          }}
        />
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          value={newPassword}
          error={errors.newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            setErrors((current) => ({ ...current, newPassword: undefined }));
          }}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm-new-password"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            setErrors((current) => ({ ...current, confirmPassword: undefined }));
          }}
        />
        <Button type="submit" size="lg" loading={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
        <OutcomeBanner outcome={outcome} />
      </form>
    </SettingsSection>
  );
}
