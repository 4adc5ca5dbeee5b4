import { useState } from 'react';
import { MESSAGES, deleteConfirmMessage, deleteFailedMessage } from '@kept/domain';
import type { ProjectDetail } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api';
import { deleteProject } from './api';

/** Asks first, in the spec's words, then deletes an ended project. */
export default function DeleteProjectDialog({
  project,
  onClose,
  onDeleted,
}: {
  project: ProjectDetail;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setDeleting(true);
    setError(null);
    try {
      await deleteProject(project.id);
      onDeleted();
    } catch (caught) {
      setDeleting(false);
      setError(
        caught instanceof ApiError && caught.fromServer
          ? deleteFailedMessage(caught.message)
          : MESSAGES.deleteAlert,
      );
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete Project"
      description={deleteConfirmMessage(project.title)}
      dismissible={!deleting}
    >
      <div aria-live="assertive">
        {error ? (
          <p className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={deleting} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
          Delete Project
        </Button>
      </div>
    </Modal>
  );
}
