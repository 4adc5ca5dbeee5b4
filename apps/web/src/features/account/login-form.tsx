import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginRequestSchema, type LoginRequest } from '@kept/contract';
import { MESSAGES, safeReturnTo } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/field';
import { formFields } from '../../lib/form-fields';
import { requestResolver } from '../../lib/forms';
import { TextLink } from './auth-layout';
import { errorMessage } from './api';
import { useSignIn } from './use-account';

/** Spec §9: the post-login redirect waits 100 ms. */
export const LOGIN_REDIRECT_MS = 100;

/**
 * After sign-up. The server answers a new address and one that already has an account alike (no
 * enumeration; the owner of an existing account gets an email instead), so the page says both outcomes.
 */
export const SIGNED_UP_TEXT = {
  title: 'Next, log in',
  body: "If this email is new, your account is ready; if it already has an account, we've emailed you how to sign in.",
} as const;

/** What the signup screen hands to the login screen (router state, never the URL). */
export interface LoginLocationState {
  signedUp?: boolean;
  email?: string;
}

function readState(state: unknown): LoginLocationState {
  return typeof state === 'object' && state !== null ? (state as LoginLocationState) : {};
}

interface LoginValues {
  email: string;
  password: string;
}

const loginResolver = requestResolver<LoginValues, LoginRequest>(LoginRequestSchema, (values) => values);

/** Email + password. After success, goes to `returnTo` (only a same-site path, else '/') after 100 ms. */
export function LoginForm() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = readState(location.state);
  const returnTo = safeReturnTo(params.get('returnTo'));
  const signIn = useSignIn();

  const errorId = useId();
  const form = useForm<LoginValues>({
    defaultValues: { email: arrival.email ?? '', password: '' },
    resolver: loginResolver,
  });
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const busy = signIn.isPending || signIn.isSuccess;

  function send(values: LoginValues) {
    if (busy) return;
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          redirectTimer.current = setTimeout(
            () => void navigate(returnTo, { replace: true }),
            LOGIN_REDIRECT_MS,
          );
        },
        onError: (error) => form.setError('root.server', { message: errorMessage(error) }),
      },
    );
  }

  const { formError, field } = formFields(form, { message: MESSAGES.loginRequired, alertId: errorId });

  const signupLink = returnTo === '/' ? '/signup' : `/signup?returnTo=${encodeURIComponent(returnTo)}`;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)} className="space-y-5">
      {arrival.signedUp ? (
        <Alert tone="info" title={SIGNED_UP_TEXT.title}>
          {SIGNED_UP_TEXT.body}
        </Alert>
      ) : null}
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
        autoComplete="current-password"
        {...field('password')}
        labelAside={
          <TextLink to="/forgot-password" className="text-sm">
            Forgot password?
          </TextLink>
        }
      />
      {formError ? (
        <div id={errorId}>
          <Alert tone="error">{formError}</Alert>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? 'Logging in...' : 'Log in'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        New to Kept? <TextLink to={signupLink}>Create an account</TextLink>
      </p>
    </form>
  );
}
