import { Suspense, lazy, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import type { ProjectDetail } from '@kept/contract';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DialogLoading } from '../../components/ui/dialog-loading';
import { DONATION_RETURN_PARAMS, forgetPendingDonation, hasDonationProof } from './donation-return';

export const DONATION_TEXT = {
  thanks: 'Thank you for your donation! Your support has been added to this project.',
  support: 'Support This Project',
} as const;

/** The donation dialog's module, loaded when first needed (and prefetched on hover). */
export const loadDonationDialog = () => import('./donation-dialog');
const DonationDialog = lazy(loadDonationDialog);

/** 'Support This Project' and the donation dialog it opens. */
export function SupportButton({
  project,
  charityName,
  onDonated,
}: {
  project: ProjectDetail;
  /** Where the project's forfeits go, named before paying. */
  charityName: string;
  onDonated: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="lg"
        className="mt-4 w-full"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDonationDialog()}
        onFocus={() => void loadDonationDialog()}
        icon={<HeartHandshake aria-hidden="true" className="size-5" />}
      >
        {DONATION_TEXT.support}
      </Button>
      {open ? (
        <Suspense fallback={<DialogLoading />}>
          <DonationDialog
            project={project}
            charityName={charityName}
            onClose={() => setOpen(false)}
            onDonated={onDonated}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The return from a payment page (?donation=success): the address is tidied and the total read again
 * (`onReturn`); only the tab that just donated to this project is thanked, never whoever opens a shared
 * link.
 */
export function DonationReturn({ projectId, onReturn }: { projectId: string; onReturn: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [thanked, setThanked] = useState(() => hasDonationProof(projectId, searchParams));

  useEffect(() => {
    if (searchParams.get('donation') !== 'success') return;
    setSearchParams(
      (params) => {
        for (const name of DONATION_RETURN_PARAMS) params.delete(name);
        return params;
      },
      { replace: true },
    );
    forgetPendingDonation();
    onReturn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!thanked) return null;
  return (
    <Alert tone="success" className="mb-6">
      <div className="flex items-start justify-between gap-3">
        <p>{DONATION_TEXT.thanks}</p>
        <button
          type="button"
          onClick={() => setThanked(false)}
          className="shrink-0 rounded font-semibold underline underline-offset-2"
        >
          Dismiss
        </button>
      </div>
    </Alert>
  );
}
