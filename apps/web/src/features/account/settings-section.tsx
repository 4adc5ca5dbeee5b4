import { useId, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * One card of Settings: a heading, a line saying what it is for, and its form. `id` makes it a link
 * target (/settings#calendar), clear of the sticky header.
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card id={id} className="scroll-mt-20 p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

/** The outcome of the last action in a section: a success or error banner, announced. */
export function OutcomeBanner({ outcome }: { outcome: Outcome }) {
  return (
    <div aria-live="polite">
      {outcome ? (
        <Alert tone={outcome.tone} className="mt-4 break-words">
          {outcome.text}
        </Alert>
      ) : null}
    </div>
  );
}
