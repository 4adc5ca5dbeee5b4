// The owner's way to fix a check-in (issue 23) in the 15 minutes after posting it. Its controls load
// only while that window is open (most check-ins on a page are long past it); otherwise this says the
// check-in is permanent.
import { Suspense, lazy, useState } from 'react';
import { checkInEditableUntil } from '@kept/domain';
import type { CheckInDto } from '@kept/contract';

const CheckInFixControls = lazy(() => import('./check-in-fix-controls'));

export function CheckInFix({
  projectId,
  checkIn,
  number,
  automatic,
  onChanged,
}: {
  projectId: string;
  checkIn: CheckInDto;
  number: number;
  /** Kept's own first check-in: never changed. */
  automatic: boolean;
  /** Reads the project again after a change. */
  onChanged: () => Promise<unknown>;
}) {
  const until = checkInEditableUntil(new Date(checkIn.createdAt)).getTime();
  // The window only closes as time goes on: one closed when the timeline is drawn stays closed.
  const [openAtFirst] = useState(() => !automatic && Date.now() < until);
  const permanent = (
    <p className="mt-2 text-xs text-slate-500">
      {automatic ? 'Written by Kept when the project started.' : 'This check-in is permanent.'}
    </p>
  );
  if (!openAtFirst) return permanent;
  return (
    <Suspense fallback={null}>
      <CheckInFixControls
        projectId={projectId}
        checkIn={checkIn}
        number={number}
        until={until}
        onChanged={onChanged}
        permanent={permanent}
      />
    </Suspense>
  );
}
