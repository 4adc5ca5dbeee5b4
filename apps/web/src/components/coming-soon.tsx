import type { ReactNode } from 'react';
import Sparkles from 'lucide-react/icons/sparkles';
import { Card } from './ui/card';

/** Placeholder body for a screen that a later release fills in: one friendly line, no dead ends. */
export function ComingSoon({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-50 text-primary-700">
        <Sparkles aria-hidden="true" className="size-5" />
      </span>
      <p className="flex-1 text-slate-700">{children}</p>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </Card>
  );
}
