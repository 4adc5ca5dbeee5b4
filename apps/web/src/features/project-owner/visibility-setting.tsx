import { useState } from 'react';
import { PROJECT_VISIBILITY_LABELS, type ProjectVisibility } from '@kept/domain';
import { VisibilityChoice } from '../../components/ui/visibility-choice';
import { ApiError } from '../../lib/api';
import { useChangeVisibility } from './api';

export const VISIBILITY_TEXT = {
  saved: (visibility: ProjectVisibility) => `Saved: ${PROJECT_VISIBILITY_LABELS[visibility].label}.`,
  failed: 'Could not change who can find this project. Please try again.',
} as const;

/**
 * The owner's public / unlisted choice for an existing project, saved as soon as it is chosen (it is
 * not part of the edit form's Save). On failure the choice goes back to what the server holds.
 */
export function VisibilitySetting({ projectId, current }: { projectId: string; current: ProjectVisibility }) {
  const [value, setValue] = useState(current);
  const [status, setStatus] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const change = useChangeVisibility(projectId);
  return (
    <VisibilityChoice
      value={value}
      disabled={change.isPending}
      status={status ?? { text: 'Saved as soon as you choose.', tone: 'info' }}
      onChange={(next) => {
        const before = value;
        setValue(next);
        setStatus(null);
        change.mutate(next, {
          onSuccess: () => setStatus({ text: VISIBILITY_TEXT.saved(next), tone: 'info' }),
          onError: (caught) => {
            setValue(before);
            setStatus({
              text: caught instanceof ApiError && caught.fromServer ? caught.message : VISIBILITY_TEXT.failed,
              tone: 'error',
            });
          },
        });
      }}
    />
  );
}
