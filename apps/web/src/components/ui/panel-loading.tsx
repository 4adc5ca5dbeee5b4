import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** Shown in a panel of a screen while what goes there loads (its code or its data): says what. */
export function PanelLoading({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-slate-200 p-4 text-slate-700"
    >
      <Spinner className="text-primary-700" />
      {children}
    </div>
  );
}
