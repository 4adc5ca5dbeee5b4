import { Suspense, lazy, useState } from 'react';
import Camera from 'lucide-react/icons/camera';
import type { ProjectDetail } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { DialogLoading } from '../../components/ui/dialog-loading';

export const loadCheckInDialog = () => import('./check-in-dialog');
const CheckInDialog = lazy(loadCheckInDialog);

/** The owner's 'Add Check-in' button and the dialog it opens (loaded on first use, prefetched on hover). */
export function AddCheckInButton({
  project,
  onCheckedIn,
}: {
  project: ProjectDetail;
  onCheckedIn: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadCheckInDialog()}
        onFocus={() => void loadCheckInDialog()}
        icon={<Camera aria-hidden="true" className="size-4" />}
        className="w-full"
      >
        Add Check-in
      </Button>
      {open ? (
        <Suspense fallback={<DialogLoading />}>
          <CheckInDialog project={project} onClose={() => setOpen(false)} onCheckedIn={onCheckedIn} />
        </Suspense>
      ) : null}
    </>
  );
}
