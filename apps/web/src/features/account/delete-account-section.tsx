import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DELETION_MESSAGES } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog-footer';
import { Modal } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { PasswordField } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { sessionQueryKey, type SessionResponse } from '../session';
import { errorMessage } from './api';
import { LoadFailed } from './load-failed';
import { SettingsSection } from './settings-section';
import { useAccountDeletion, useDeleteAccount } from './settings-writes';

/** What deleting the account does, said before it is done (decision 034). */
const CONSEQUENCES = [
  'You are signed out everywhere, and your password stops working.',
  'Your email address, username, settings, favorites and reminders are erased.',
  'Your check-ins lose their words, photos and videos; your finished projects stay readable by their link, under "Deleted user", and leave every list.',
  'Your payment records stay for the 7 years the law asks, without your name or address.',
  'This cannot be undone.',
] as const;

/**
 * Settings → Delete my account: refused while a project runs or waits for settlement (each is listed,
 * linked); otherwise the password, then a confirmation that says what will happen.
 */
export function DeleteAccountSection() {
  const deletion = useAccountDeletion();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const deleting = remove.isPending || remove.isSuccess;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') {
      setFieldError(ACCOUNT_DELETION_MESSAGES.passwordRequired);
      return;
    }
    remove.reset();
    setConfirming(true);
  }

  function onConfirm() {
    remove.mutate(password, {
      onSuccess: () => {
        // Leave the signed-in page first, then forget the user and all fetched for them (as Logout does).
        void Promise.resolve(navigate('/')).then(() => {
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
          queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
        });
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (fields?.password) {
          setFieldError(fields.password);
          setConfirming(false);
        }
        // A project that started meanwhile: the list is asked again.
        if (error instanceof ApiError && error.code === 'conflict') void deletion.refetch();
      },
    });
  }

  let body;
  if (deletion.isPending) {
    body = (
      <p className="flex items-center gap-3 text-slate-700" role="status">
        <Spinner />
        Checking your projects...
      </p>
    );
  } else if (deletion.isError) {
    body = <LoadFailed query={deletion} />;
  } else if (deletion.data.blockers.length > 0) {
    body = (
      <Alert tone="info" title="You can't delete your account yet">
        <p>
          Every project must be settled and every payment finished first. A payment you started and did not
          finish closes by itself within 24 hours.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {deletion.data.blockers.map((blocker) => (
            <li key={blocker.id}>
              {blocker.kind === 'project' ? (
                <>
                  <Link
                    to={`/project/${blocker.id}`}
                    className="font-medium text-primary-700 underline underline-offset-2"
                  >
                    {blocker.title}
                  </Link>{' '}
                  — still running or waiting for settlement
                </>
              ) : (
                <>
                  <span className="font-medium">{blocker.title}</span> — a payment not finished
                </>
              )}
            </li>
          ))}
        </ul>
      </Alert>
    );
  } else {
    body = (
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {CONSEQUENCES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <PasswordField
          label="Password"
          name="delete-password"
          autoComplete="current-password"
          value={password}
          error={fieldError}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldError(null);
          }}
        />
        <Button type="submit" variant="danger" size="lg">
          Delete my account
        </Button>
      </form>
    );
  }

  return (
    <SettingsSection
      id="delete-account"
      title="Delete my account"
      description="Erase your account and what it holds."
    >
      {body}
      {confirming ? (
        <Modal
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title="Delete your account?"
          description="Your account, email address, username, check-in words and photos are erased, and you are signed out everywhere. Payment records stay, without your name. This cannot be undone."
          dismissible={!deleting}
        >
          <FormError
            message={
              remove.error && !(remove.error instanceof ApiError && remove.error.fields?.password)
                ? errorMessage(remove.error)
                : null
            }
            className="mb-4"
          />
          <DialogFooter
            onCancel={() => setConfirming(false)}
            busy={deleting}
            onConfirm={onConfirm}
            variant="danger"
            cancelAutoFocus
          >
            Delete my account
          </DialogFooter>
        </Modal>
      ) : null}
    </SettingsSection>
  );
}
