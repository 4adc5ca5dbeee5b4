import { Spinner } from './spinner';

/** Shown in the page area while a screen's code is being fetched. */
export function ScreenLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-primary-700">
      <Spinner />
      <span className="text-slate-700">Loading...</span>
    </div>
  );
}
