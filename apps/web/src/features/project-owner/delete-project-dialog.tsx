import { MESSAGES, deleteConfirmMessage, deleteFailedMessage } from '@kept/domain';
import type { ProjectDetail } from '@kept/contract';
import { DialogFooter } from '../../components/ui/dialog-footer';
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
      <DialogFooter onCancel={onClose} busy={deleting} onConfirm={confirm} variant="danger" cancelAutoFocus>
        Delete Project
      </DialogFooter>
    </Modal>
  );
}
