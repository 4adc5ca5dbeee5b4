import { useEffect, useRef, useState, type FormEvent } from 'react';
import MailCheck from 'lucide-react/icons/mail-check';
import { MESSAGES, validateEmail } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from './auth-layout';
import { errorMessage } from './api';
import { useForgotPassword } from './use-account';

/**
 * Ask for a reset link. The answer is the same whether or not the address has an account, so the
 * success panel never says which.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const emailRef = useRef<HTMLInputElement>(null);
  const panelHeadingRef = useRef<HTMLHeadingElement>(null);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  // The form is replaced by the panel (and back): move focus along so keyboard users are not lost.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (sent) panelHeadingRef.current?.focus();
    else emailRef.current?.focus();
  }, [sent]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    const invalid = validateEmail(email);
    setFieldError(invalid);
    setFormError(null);
    if (invalid) {
      emailRef.current?.focus();
      return;
    }
    forgot.mutate(email.trim(), {
      onSuccess: () => setSent(true),
      onError: (error) => setFormError(errorMessage(error)),
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
          <Button
            variant="secondary"
            onClick={() => {
              forgot.reset();
              setSent(false);
            }}
          >
            Send Another Email
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        ref={emailRef}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(null);
        }}
        error={fieldError}
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
