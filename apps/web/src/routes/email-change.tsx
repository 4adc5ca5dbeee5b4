import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { EMAIL_CHANGE_MESSAGES, MESSAGES } from '@kept/domain';
import { Alert } from '../components/ui/alert';
import { ButtonLink } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page';
import { Spinner } from '../components/ui/spinner';
import { confirmEmailChange, undoEmailChange } from '../features/account/api';
import { sessionQueryKey } from '../features/session';
import { ApiError, NetworkError } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /confirm-email-change?token=… (the link sent to the new address) and /undo-email-change?token=… (the
 * link sent to the old one): the token is sent to the server once when the page opens.
 */
export default function EmailChangeScreen() {
  const undo = useLocation().pathname.startsWith('/undo-email-change');
  const title = undo ? 'Undo the change of email address' : 'Confirm your new email address';
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: undo ? undoEmailChange : confirmEmailChange,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    send.mutate(token);
  }, [token, send]);

  const failure =
    token === ''
      ? EMAIL_CHANGE_MESSAGES.invalidLink
      : send.error instanceof ApiError && send.error.fromServer
        ? send.error.message
        : send.error instanceof NetworkError
          ? MESSAGES.networkError
          : send.error
            ? MESSAGES.generic
            : null;

  return (
    <PageContainer width="medium">
      <PageHeader title={title} />
      <div aria-live="polite" className="space-y-4">
        {send.isSuccess ? (
          <Alert tone="success">
            {undo ? EMAIL_CHANGE_MESSAGES.undone : EMAIL_CHANGE_MESSAGES.confirmed}
          </Alert>
        ) : failure ? (
          <Alert tone="error">{failure}</Alert>
        ) : (
          <p className="flex items-center gap-3 text-slate-700" role="status">
            <Spinner />
            {undo ? 'Undoing the change...' : 'Confirming your new address...'}
          </p>
        )}
        {send.isSuccess && undo ? (
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/login">Sign in</ButtonLink>
            <ButtonLink to="/forgot-password" variant="secondary">
              Choose a new password
            </ButtonLink>
          </div>
        ) : send.isSuccess || failure ? (
          <ButtonLink to="/settings" variant="secondary">
            Go to Settings
          </ButtonLink>
        ) : null}
      </div>
    </PageContainer>
  );
}
