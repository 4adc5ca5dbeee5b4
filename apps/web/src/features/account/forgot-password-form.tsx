import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import MailCheck from 'lucide-react/icons/mail-check';
import { ForgotPasswordRequestSchema, type ForgotPasswordRequest } from '@kept/contract';
import { MESSAGES } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { formFields } from '../../lib/form-fields';
import { requestResolver } from '../../lib/forms';
import { TextLink } from './auth-layout';
import { errorMessage } from './api';
import { useForgotPassword } from './use-account';

interface ForgotValues {
  email: string;
}

const forgotResolver = requestResolver<ForgotValues, ForgotPasswordRequest>(
  ForgotPasswordRequestSchema,
  (values) => values,
);

/**
 * Ask for a reset link. The answer is the same whether or not the address has an account, so the
 * success panel never says which.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const panelHeadingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<ForgotValues>({ defaultValues: { email: '' }, resolver: forgotResolver });
  const { formError, field } = formFields(form);
  const sent = forgot.isSuccess;

  // The form is replaced by the panel (and back): move focus along so keyboard users are not lost.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (sent) panelHeadingRef.current?.focus();
    else form.setFocus('email');
  }, [sent, form]);

  function send(values: ForgotValues) {
    if (forgot.isPending) return;
    forgot.mutate(values.email.trim(), {
      onError: (error) => form.setError('root.server', { message: errorMessage(error) }),
    });
  }

  if (sent) {
    return (
      <div className="text-center">
        <div role="status">
          <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary-50 text-primary-700">
            <MailCheck aria-hidden="true" className="size-6" />
          </span>
          <h2 ref={panelHeadingRef} tabIndex={-1} className="mt-4 text-xl font-semibold text-slate-900">
            Check your email
          </h2>
          <p className="mt-2 text-slate-700">{MESSAGES.passwordResetSent}</p>
          <p className="mt-2 text-sm text-slate-600">The link works once, for one hour.</p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to="/login">Back to Login</ButtonLink>
          <Button variant="secondary" onClick={() => forgot.reset()}>
            Send Another Email
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)} className="space-y-5">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        {...field('email')}
      />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it? <TextLink to="/login">Back to Login</TextLink>
      </p>
    </form>
  );
}
