import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import type { CheckInDto, ProjectDetail } from '@kept/contract';
import { MESSAGES, type Schedule } from '@kept/domain';
import { Button, ButtonLink } from '../../components/ui/button';
import { DialogLoading } from '../../components/ui/dialog-loading';
import { SideCard } from '../../components/ui/side-card';
import { ApiError } from '../../lib/api';
import { usePause } from './api';
import { PausePeriods } from './pause-periods';

// The dialogs load on first use (and are prefetched when their button is hovered or focused).
export const loadEditProjectDialog = () => import('./edit-project-dialog');
export const loadDeleteProjectDialog = () => import('./delete-project-dialog');
export const loadEndProjectDialog = () => import('./end-project-dialog');
const EditProjectDialog = lazy(loadEditProjectDialog);
const DeleteProjectDialog = lazy(loadDeleteProjectDialog);
const EndProjectDialog = lazy(loadEndProjectDialog);

/**
 * The owner's Actions card on a project page: `addCheckIn` (while the project runs), Edit Project, Add
 * to calendar, then End or cancel project while it runs, Delete Project once it has ended. `onChanged`
 * reads the project again after an edit or an ending; a deleted project leaves for My Projects.
 */
export function OwnerActions({
  project,
  photos,
  addCheckIn,
  onChanged,
}: {
  project: ProjectDetail;
  /** The check-in photos the cover can be chosen from. */
  photos: CheckInDto[];
  addCheckIn: ReactNode;
  onChanged: () => void;
}) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'end' | null>(null);
  const close = () => setDialog(null);
  const ended = project.summary.ended;
  return (
    <SideCard title="Actions">
      <div className="flex flex-col gap-2">
        {addCheckIn}
        <Button
          variant="secondary"
          onClick={() => setDialog('edit')}
          onPointerEnter={() => void loadEditProjectDialog()}
          onFocus={() => void loadEditProjectDialog()}
          icon={<Pencil aria-hidden="true" className="size-4" />}
          className="w-full"
        >
          Edit Project
        </Button>
        <ButtonLink
          to="/settings#calendar"
          variant="secondary"
          icon={<CalendarPlus aria-hidden="true" className="size-4" />}
          className="w-full"
        >
          Add to calendar
        </ButtonLink>
        {!ended ? (
          <Button
            variant="secondary"
            onClick={() => setDialog('end')}
            onPointerEnter={() => void loadEndProjectDialog()}
            onFocus={() => void loadEndProjectDialog()}
            className="w-full"
          >
            End or cancel project
          </Button>
        ) : null}
        {ended ? (
          <Button
            variant="danger"
            onClick={() => setDialog('delete')}
            onPointerEnter={() => void loadDeleteProjectDialog()}
            onFocus={() => void loadDeleteProjectDialog()}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            className="w-full"
          >
            Delete Project
          </Button>
        ) : null}
      </div>
      <Suspense fallback={<DialogLoading />}>
        {dialog === 'edit' ? (
          <EditProjectDialog project={project} photos={photos} onClose={close} onSaved={onChanged} />
        ) : null}
        {dialog === 'delete' ? (
          <DeleteProjectDialog
            project={project}
            onClose={close}
            onDeleted={() => void navigate('/my-projects', { replace: true })}
          />
        ) : null}
        {dialog === 'end' ? (
          <EndProjectDialog
            project={project}
            onClose={close}
            onEnded={() => {
              close();
              onChanged();
            }}
          />
        ) : null}
      </Suspense>
    </SideCard>
  );
}

/** 'Plan a break': the owner's pauses of a running project. */
export function PlanABreak({
  projectId,
  schedule,
  now,
}: {
  projectId: string;
  schedule: Schedule;
  now: number;
}) {
  const pause = usePause(projectId);
  return (
    <SideCard title="Plan a break">
      <PausePeriods
        schedule={schedule}
        now={now}
        pending={pause.isPending ? (pause.variables?.period ?? null) : null}
        onPause={(period) => pause.mutate({ period, lift: false })}
        onLift={(period) => pause.mutate({ period, lift: true })}
        error={
          pause.error ? (pause.error instanceof ApiError ? pause.error.message : MESSAGES.tryAgain) : null
        }
      />
    </SideCard>
  );
}
