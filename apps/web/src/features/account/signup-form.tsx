import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  USERNAME_HINT,
  safeReturnTo,
  validateEmail,
  validatePassword,
  validateUsername,
} from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { detectTimezone, errorMessage, isUsernameTaken } from './api';
import type { LoginLocationState } from './login-form';
import { useSignUp } from './use-account';

type Field = 'username' | 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['username', 'email', 'password'];

/** Where a new account goes next: the login page, carrying the (safe) returnTo along. */
export function loginAfterSignup(returnTo: string | null): string {
  return `/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/**
 * Username, email, password. Checked with the shared rules before sending (the server checks again);
 * the timezone is the browser's. A taken username keeps the user here with the server's message.
 */
export function SignupForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const returnTo = params.get('returnTo');

  const formErrorId = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusField = (field: Field) =>
    ({ username: usernameRef, email: emailRef, password: passwordRef })[field].current?.focus();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [missing, setMissing] = useState<Field[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  const busy = signUp.isPending || signUp.isSuccess;

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setMissing((current) => current.filter((f) => f !== field));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;

    const blank = FIELDS.filter((field) => values[field].trim() === '');
    setMissing(blank);
    if (blank.length > 0) {
      setFieldErrors({});
      setFormError(MESSAGES.signupRequired);
      focusField(blank[0]!);
      return;
    }
    const errors: FieldErrors = {};
    const username = validateUsername(values.username);
    if (username) errors.username = username;
    const email = validateEmail(values.email);
    if (email) errors.email = email;
    const password = validatePassword(values.password);
    if (password) errors.password = password;
    setFieldErrors(errors);
    setFormError(null);
    const firstInvalid = FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }

    signUp.mutate(
      {
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        timezone: detectTimezone(),
        ...(returnTo !== null ? { returnTo: safeReturnTo(returnTo) } : {}),
      },
      {
        onSuccess: () => {
          const state: LoginLocationState = { signedUp: true, email: values.email.trim() };
          void navigate(loginAfterSignup(returnTo), { state });
        },
        onError: (error) => {
          if (isUsernameTaken(error)) {
            setFieldErrors({ username: errorMessage(error, MESSAGES.generic) });
            usernameRef.current?.focus();
          } else {
            setFormError(errorMessage(error));
          }
        },
      },
    );
  }

  const describeMissing = (field: Field) => (missing.includes(field) && formError ? formErrorId : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        ref={usernameRef}
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        hint={USERNAME_HINT}
        value={values.username}
        onChange={(event) => change('username', event.target.value)}
        error={fieldErrors.username}
        invalid={missing.includes('username')}
        aria-describedby={describeMissing('username')}
      />
      <TextField
        ref={emailRef}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={fieldErrors.email}
        invalid={missing.includes('email')}
        aria-describedby={describeMissing('email')}
      />
      <PasswordField
        ref={passwordRef}
        label="Password"
        name="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={fieldErrors.password}
        invalid={missing.includes('password')}
        aria-describedby={describeMissing('password')}
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
