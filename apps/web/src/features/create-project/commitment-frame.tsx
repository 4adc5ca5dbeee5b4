import { useId, type ReactNode } from 'react';

/**
 * The commitment's box and heading: around the commitment itself, and around what stands in for it
 * while its code loads (it comes with the card form, pay-step-lazy.ts).
 */
export function CommitmentFrame({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800"
      data-testid="commitment-summary"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Your commitment, in plain words
      </h3>
      {children}
    </section>
  );
}
