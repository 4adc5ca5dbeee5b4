import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EMAIL_VERIFICATION_MESSAGES, MESSAGES } from '@kept/domain';
import { Alert } from '../components/ui/alert';
import { ButtonLink } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page';
import { Spinner } from '../components/ui/spinner';
import { sessionQueryKey, verifyEmail } from '../features/session';
import { ApiError, NetworkError } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** /verify-email?token=…: the link of a confirmation email, sent to the server once when the page opens. */
export default function VerifyEmailScreen() {
  useDocumentTitle('Confirm your email address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failure =
    token === ''
      ? EMAIL_VERIFICATION_MESSAGES.invalidLink
      : verify.error instanceof ApiError && verify.error.fromServer
        ? verify.error.message
        : verify.error instanceof NetworkError
          ? MESSAGES.networkError
          : verify.error
            ? MESSAGES.generic
            : null;

  return (
    <PageContainer width="medium">
      <PageHeader title="Confirm your email address" />
      <div aria-live="polite" className="space-y-4">
        {verify.isSuccess ? (
          <Alert tone="success">{EMAIL_VERIFICATION_MESSAGES.verified}</Alert>
        ) : failure ? (
          <Alert tone="error">{failure}</Alert>
        ) : (
          <p className="flex items-center gap-3 text-slate-700" role="status">
            <Spinner />
            Confirming your email address...
          </p>
        )}
        {verify.isSuccess || failure ? (
          <ButtonLink to={verify.isSuccess ? '/my-projects' : '/settings'} variant="secondary">
            {verify.isSuccess ? 'Go to My Projects' : 'Go to Settings'}
          </ButtonLink>
        ) : null}
      </div>
    </PageContainer>
  );
}
