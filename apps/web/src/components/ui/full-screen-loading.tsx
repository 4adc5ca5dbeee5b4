import { Spinner } from './spinner';

/** Covers the screen while the session (or the first screen) is being checked. */
export function FullScreenLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-slate-50 text-primary-700"
    >
      <Spinner size="lg" />
      <p className="text-base font-medium text-slate-700">Loading...</p>
    </div>
  );
}
