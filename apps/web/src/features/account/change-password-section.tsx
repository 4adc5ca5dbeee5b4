import { ChangePasswordRequestSchema, type ChangePasswordRequest } from '@kept/contract';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@kept/domain';
import { PasswordField } from '../../components/ui/field';
import { requestResolver } from '../../lib/forms';
import { SettingsSection } from './settings-section';
import { SettingsForm, useSettingsForm } from './settings-form';
import { useChangePassword, type ChangePasswordInput } from './settings-writes';

const changePasswordResolver = requestResolver<ChangePasswordInput, ChangePasswordRequest>(
  ChangePasswordRequestSchema,
  (values) => values,
);

/**
 * Settings → Change password: the current password, the new one twice. On success every other session
 * ends (this browser stays signed in) and an email tells the owner; on failure what was typed stays.
 */
export function ChangePasswordSection() {
  const { field, state } = useSettingsForm({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: changePasswordResolver,
    write: useChangePassword(),
    success: () => PASSWORD_MESSAGES.changed,
  });

  return (
    <SettingsSection
      title="Change password"
      description="Enter your current password, then the new one twice. Every other device signed in to your account will be signed out."
    >
      <SettingsForm {...state} label="Change password" pendingLabel="Changing...">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          {...field('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
