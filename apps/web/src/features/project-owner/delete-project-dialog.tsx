import { MESSAGES, deleteConfirmMessage, deleteFailedMessage } from '@kept/domain';
import type { ProjectDetail } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api';
import { useDeleteProject } from './api';
import { FormError } from '../../components/ui/form-error';

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
  const deletion = useDeleteProject();
  // Still busy once deleted: the page is on its way to My Projects.
  const deleting = deletion.isPending || deletion.isSuccess;
  const error = deletion.error
    ? deletion.error instanceof ApiError && deletion.error.fromServer
      ? deleteFailedMessage(deletion.error.message)
      : MESSAGES.deleteAlert
    : null;

  const confirm = () => deletion.mutate(project.id, { onSuccess: onDeleted });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete Project"
      description={deleteConfirmMessage(project.title)}
      dismissible={!deleting}
    >
      <FormError message={error} className="mb-4" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={deleting} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" loading={deleting} onClick={confirm}>
          Delete Project
        </Button>
      </div>
    </Modal>
  );
}
