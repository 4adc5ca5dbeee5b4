import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import { ResetPasswordRequestSchema, type ResetPasswordRequest } from '@kept/contract';
import { MESSAGES, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { PasswordField } from '../../components/ui/field';
import { formFields } from '../../lib/form-fields';
import { requestResolver } from '../../lib/forms';
import { TextLink } from './auth-layout';
import { errorMessage, isInvalidResetLink } from './api';
import { useResetLinkCheck, useResetPassword } from './use-account';

/** Spec §9: after a successful reset, go to the login page after 3 s. */
export const RESET_REDIRECT_MS = 3000;

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** The form is checked as the request it sends: the link's token with the two entries. */
const resetResolver = (token: string) =>
  requestResolver<ResetValues, ResetPasswordRequest>(ResetPasswordRequestSchema, (values) => ({
    token,
    ...values,
  }));

function RequestNewLink() {
  return (
    <p className="mt-2">
      <TextLink to="/forgot-password">Request a new reset link</TextLink>
    </p>
  );
}

/**
 * New password twice, for the single-use token in the link (`/reset-password?token=…`). The link is
 * checked as the page opens, so a used, expired or mangled one says so before anything is typed; if the
 * check cannot be made (offline, rate limited), the form shows and the reset itself decides.
 */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const linkCheck = useResetLinkCheck(token);

  const successRef = useRef<HTMLHeadingElement>(null);
  const resolver = useMemo(() => resetResolver(token), [token]);
  const form = useForm<ResetValues>({ defaultValues: { password: '', confirmPassword: '' }, resolver });
  const { formError, field } = formFields(form);

  const succeeded = reset.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    successRef.current?.focus();
    const timer = setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (token === '') {
    return (
      <Alert tone="error" title="This link can't be used">
        <p>{PASSWORD_MESSAGES.missingTokens}</p>
        <RequestNewLink />
      </Alert>
    );
  }

  if (succeeded) {
    return (
      <div role="status" className="text-center">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-green-50 text-green-700">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 ref={successRef} tabIndex={-1} className="mt-4 text-xl font-semibold text-slate-900">
          {MESSAGES.passwordResetSuccess}
        </h2>
        <p className="mt-2 text-slate-700">
          Your password has been changed and you've been signed out everywhere. Taking you to the login
          page...
        </p>
        <ButtonLink to="/login" replace className="mt-6">
          Go to Login
        </ButtonLink>
      </div>
    );
  }

  if (linkCheck.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-6 text-slate-700">
        <Spinner className="text-primary-700" />
        Checking your reset link...
      </p>
    );
  }

  if (isInvalidResetLink(linkCheck.error)) {
    return (
      <Alert tone="error" title="This link can't be used">
        <p>{PASSWORD_MESSAGES.invalidLink}</p>
        <RequestNewLink />
      </Alert>
    );
  }

  function send(values: ResetValues) {
    if (reset.isPending) return;
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => form.setError('root.server', { message: errorMessage(error) }),
      },
    );
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)} className="space-y-5">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...field('password')}
      />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
      {formError ? (
        <Alert tone="error">
          <p>{formError}</p>
          {formError === PASSWORD_MESSAGES.invalidLink ? <RequestNewLink /> : null}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
