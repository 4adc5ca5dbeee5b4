import { useWatch } from 'react-hook-form';
import { UpdateUsernameRequestSchema, type UpdateUsernameRequest } from '@kept/contract';
import { MESSAGES, USERNAME_HINT } from '@kept/domain';
import { TextField } from '../../components/ui/field';
import { requestResolver } from '../../lib/forms';
import { SettingsForm, useSettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';
import { useUpdateUsername, type UsernameInput } from './settings-writes';

const usernameResolver = requestResolver<UsernameInput, UpdateUsernameRequest>(
  UpdateUsernameRequestSchema,
  (values) => values,
);

/**
 * Settings → Username: checked with the route's own schema (the signup rules) before it is sent; a taken
 * username is the server's message on the field. Save waits for something that is not blank.
 */
export function UsernameSection({ saved }: { saved: string | null }) {
  const { form, field, state } = useSettingsForm({
    defaultValues: { username: saved ?? '' },
    resolver: usernameResolver,
    write: useUpdateUsername(),
    success: () => MESSAGES.usernameUpdated,
    failed: MESSAGES.updateUsernameFailed,
    after: (settings) => ({ username: settings.username ?? '' }),
  });
  const username = useWatch({ control: form.control, name: 'username' });

  return (
    <SettingsSection
      title="Username"
      description="Your username is public: it appears on your projects and your profile page."
    >
      <SettingsForm {...state} label="Save" pendingLabel="Saving..." disabled={username.trim() === ''}>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          hint={USERNAME_HINT}
          {...field('username')}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
