import { useMutation } from '@tanstack/react-query';
import { EMAIL_VERIFICATION_MESSAGES, MESSAGES } from '@kept/domain';
import { Button } from '../../components/ui/button';
import { ApiError, NetworkError } from '../../lib/api';
import { resendVerification } from './api';
import { useSession } from './use-session';

/**
 * A calm line under the navigation while the signed-in address is unconfirmed (issue 24), with a button
 * that sends the link again. Nothing is blocked meanwhile; only reminders wait for the confirmation.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const resend = useMutation({ mutationFn: resendVerification });
  if (!user || user.emailVerified) return null;
  const failure =
    resend.error instanceof ApiError && resend.error.fromServer
      ? resend.error.message
      : resend.error instanceof NetworkError
        ? MESSAGES.networkError
        : resend.error
          ? 'The link could not be sent. Please try again.'
          : null;
  return (
    <div className="border-b border-sky-200 bg-sky-50 text-sky-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>{EMAIL_VERIFICATION_MESSAGES.banner}</p>
        <div className="flex items-center gap-3" aria-live="polite">
          {resend.isSuccess ? (
            <span>{EMAIL_VERIFICATION_MESSAGES.resent}</span>
          ) : (
            <Button variant="secondary" size="sm" loading={resend.isPending} onClick={() => resend.mutate()}>
              {EMAIL_VERIFICATION_MESSAGES.resend}
            </Button>
          )}
          {failure ? <span className="font-medium text-red-700">{failure}</span> : null}
        </div>
      </div>
    </div>
  );
}
