import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Button } from '../../components/ui/button';
import { NEWSLETTER_TEXT, subscribeToNewsletter, validateNewsletterEmail } from './api';

/** How long the success message stays before the form is ready again. */
export const NEWSLETTER_SUCCESS_MS = 5000;

/**
 * Footer newsletter sign-up: idle → submitting → success (clears after 5 s) or error. The request is a
 * mutation (its pending state is the one submit-in-flight state); the shared email rule answers first,
 * without a request.
 */
export function NewsletterForm() {
  const inputId = useId();
  const messageId = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const subscribe = useMutation({
    mutationFn: subscribeToNewsletter,
    onSuccess: (result) => {
      if (!result.ok) return;
      setEmail('');
      resetTimer.current = setTimeout(() => subscribe.reset(), NEWSLETTER_SUCCESS_MS);
    },
  });

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (subscribe.isPending) return;
    clearTimeout(resetTimer.current);
    const problem = validateNewsletterEmail(email);
    setInvalid(problem);
    if (problem) {
      subscribe.reset();
      return;
    }
    subscribe.mutate(email);
  }

  const result = subscribe.data;
  const status = subscribe.isPending
    ? 'submitting'
    : invalid !== null || result?.ok === false
      ? 'error'
      : result?.ok
        ? 'success'
        : 'idle';
  const error = invalid ?? (result?.ok === false ? result.message : null);
  const hasError = status === 'error' && error !== null;

  return (
    <form noValidate onSubmit={onSubmit} className="w-full">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        Email address
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (status === 'error') {
              setInvalid(null);
              subscribe.reset();
            }
          }}
          aria-invalid={hasError || undefined}
          aria-describedby={messageId}
          className="h-10 w-full min-w-0 rounded-lg sm:flex-1 border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600"
        />
        <Button type="submit" loading={status === 'submitting'} className="sm:w-auto">
          {status === 'submitting' ? 'Subscribing...' : status === 'success' ? 'Subscribed!' : 'Subscribe'}
        </Button>
      </div>
      <div id={messageId} aria-live="polite" className="mt-2 min-h-5 text-sm">
        {status === 'success' ? (
          <p className="flex items-center gap-1.5 text-green-800">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            {NEWSLETTER_TEXT.success}
          </p>
        ) : hasError ? (
          <p className="text-red-700">{error}</p>
        ) : null}
      </div>
    </form>
  );
}
