import { useQuery } from '@tanstack/react-query';
import { MESSAGES, formatCents, formatInstantDate } from '@kept/domain';
import type { EndingPreviewResponse, ProjectDetail } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { endingQuery, useEndProject } from './api';
import { FormError } from '../../components/ui/form-error';

type Option = EndingPreviewResponse['end'];

function Amounts({ option, cancel }: { option: Option; cancel: boolean }) {
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-800 tabular">
      <li>
        Back to your card: <strong>{formatCents(option.refundToCardCents)}</strong>
      </li>
      {option.payoutCents > 0 ? (
        <li>
          Paid out to you (your share of donations): <strong>{formatCents(option.payoutCents)}</strong>
        </li>
      ) : null}
      {cancel ? (
        <li>Processing fee kept: {formatCents(option.feeKeptCents)}</li>
      ) : (
        <li>
          To charity (check-ins not done count as missed): <strong>{formatCents(option.forfeitCents)}</strong>
        </li>
      )}
    </ul>
  );
}

/**
 * The owner's way out, with the exact amounts first: cancel (first 24 hours, no check-in or donation
 * yet: the deposit comes back, the fee does not) or end the project now (settled at once, every
 * unfinished check-in missed).
 */
export default function EndProjectDialog({
  project,
  onClose,
  onEnded,
}: {
  project: ProjectDetail;
  onClose: () => void;
  onEnded: () => void;
}) {
  const preview = useQuery(endingQuery(project.id));
  const ending = useEndProject(project.id);
  const busy = ending.isPending || ending.isSuccess;
  const error = ending.error
    ? ending.error instanceof ApiError && ending.error.fromServer
      ? ending.error.message
      : MESSAGES.tryAgain
    : null;
  const act = (how: 'cancel' | 'end') => ending.mutate(how, { onSuccess: onEnded });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="End or cancel this project"
      description="Nothing happens until you confirm. The amounts are what Kept's ledger would move right now."
      dismissible={!busy}
    >
      <FormError message={error} className="mb-4" />
      {preview.isPending ? (
        <div role="status" className="flex items-center gap-2 py-6 text-slate-700">
          <Spinner /> Loading the amounts...
        </div>
      ) : preview.isError ? (
        <p role="alert" className="py-4 text-sm text-red-800">
          {MESSAGES.tryAgain}
        </p>
      ) : (
        <div className="space-y-5">
          {preview.data.cancel.allowed ? (
            <section className="rounded-lg border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">Cancel the project</h3>
              <p className="mt-1 text-sm text-slate-700">
                Allowed until {formatInstantDate(new Date(preview.data.cancelDeadline), project.timezone)}.
                The project disappears from every list.
              </p>
              <Amounts option={preview.data.cancel} cancel />
              <Button variant="danger" className="mt-3" loading={busy} onClick={() => act('cancel')}>
                Cancel project and refund {formatCents(preview.data.cancel.refundToCardCents)}
              </Button>
            </section>
          ) : null}
          {preview.data.end.allowed ? (
            <section className="rounded-lg border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">End the project now</h3>
              <p className="mt-1 text-sm text-slate-700">
                It is settled at once. Every check-in not yet done counts as missed.
              </p>
              <Amounts option={preview.data.end} cancel={false} />
              <Button variant="danger" className="mt-3" loading={busy} onClick={() => act('end')}>
                End project now
              </Button>
            </section>
          ) : (
            <p className="text-sm text-slate-700">{preview.data.end.reason}</p>
          )}
          {!preview.data.cancel.allowed && preview.data.cancel.reason ? (
            <p className="text-xs text-slate-600">Cancelling: {preview.data.cancel.reason}</p>
          ) : null}
        </div>
      )}
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          Keep going
        </Button>
      </div>
    </Modal>
  );
}
