import { Spinner } from './spinner';

/** Stands where a dialog will open while its code loads (the Suspense fallback of a lazy dialog). */
export function DialogLoading() {
  return (
    <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-slate-900/30">
      <span className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 text-slate-800 shadow-lg">
        <Spinner className="text-primary-700" />
        Loading...
      </span>
    </div>
  );
}
