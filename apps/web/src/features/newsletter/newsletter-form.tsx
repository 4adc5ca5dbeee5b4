import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Button } from '../../components/ui/button';
import { NEWSLETTER_TEXT, subscribeToNewsletter, validateNewsletterEmail } from './api';

type Status = 'idle' | 'submitting' | 'success' | 'error';

/** How long the success message stays before the form is ready again. */
export const NEWSLETTER_SUCCESS_MS = 5000;

/** Footer newsletter sign-up: idle → submitting → success (clears after 5 s) or error. */
export function NewsletterForm() {
  const inputId = useId();
  const messageId = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    clearTimeout(resetTimer.current);

    const invalid = validateNewsletterEmail(email);
    if (invalid) {
      setStatus('error');
      setError(invalid);
      return;
    }

    setStatus('submitting');
    setError(null);
    const result = await subscribeToNewsletter(email);
    if (result.ok) {
      setStatus('success');
      setEmail('');
      resetTimer.current = setTimeout(() => setStatus('idle'), NEWSLETTER_SUCCESS_MS);
    } else {
      setStatus('error');
      setError(result.message);
    }
  }

  const hasError = status === 'error' && error !== null;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="w-full">
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
            if (status === 'error') setStatus('idle');
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
