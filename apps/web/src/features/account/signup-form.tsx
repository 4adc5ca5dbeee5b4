import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { SignupFieldsSchema, type SignupFields } from '@kept/contract';
import { MESSAGES, PASSWORD_MIN_LENGTH, USERNAME_HINT, safeReturnTo } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/field';
import { formFields } from '../../lib/form-fields';
import { requestResolver } from '../../lib/forms';
import { deviceTimeZone } from '../../lib/time-zone';
import { errorMessage, isUsernameTaken } from './api';
import type { LoginLocationState } from './login-form';
import { useSignUp } from './use-account';

interface SignupValues {
  username: string;
  email: string;
  password: string;
}

const signupResolver = requestResolver<SignupValues, SignupFields>(SignupFieldsSchema, (values) => values);

/** Where a new account goes next: the login page, carrying the (safe) returnTo along. */
export function loginAfterSignup(returnTo: string | null): string {
  return `/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/**
 * Username, email, password. Checked with the shared rules before sending (the server checks again);
 * the timezone is the device's. A taken username keeps the user here with the server's message.
 */
export function SignupForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const returnTo = params.get('returnTo');

  const formErrorId = useId();
  const form = useForm<SignupValues>({
    defaultValues: { username: '', email: '', password: '' },
    resolver: signupResolver,
  });

  const busy = signUp.isPending || signUp.isSuccess;

  function send(values: SignupValues) {
    if (busy) return;
    const timezone = deviceTimeZone();
    signUp.mutate(
      {
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        // The device's zone as the browser names it; the server stores the listed name of an alias.
        ...(timezone !== null ? { timezone } : {}),
        ...(returnTo !== null ? { returnTo: safeReturnTo(returnTo) } : {}),
      },
      {
        onSuccess: () => {
          const state: LoginLocationState = { signedUp: true, email: values.email.trim() };
          void navigate(loginAfterSignup(returnTo), { state });
        },
        onError: (error) => {
          if (isUsernameTaken(error)) {
            form.setError(
              'username',
              { message: errorMessage(error, MESSAGES.generic) },
              { shouldFocus: true },
            );
          } else {
            form.setError('root.server', { message: errorMessage(error) });
          }
        },
      },
    );
  }

  const { formError, field } = formFields(form, { message: MESSAGES.signupRequired, alertId: formErrorId });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)} className="space-y-5">
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        hint={USERNAME_HINT}
        {...field('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        {...field('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...field('password')}
      />
      {formError ? (
        <div id={formErrorId}>
          <Alert tone="error">{formError}</Alert>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? 'Creating account...' : 'Sign up'}
      </Button>
    </form>
  );
}
