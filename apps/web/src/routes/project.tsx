import { useParams } from 'react-router';
import { MESSAGES } from '@kept/domain';
import { Alert } from '../components/ui/alert';
import { PageContainer } from '../components/ui/page';
import { AddCheckInButton, CheckInFix } from '../features/check-in';
import { DonationReturn, SupportButton } from '../features/donations';
import { ProjectHistory } from '../features/history';
import { ProjectPage, type ProjectPageParts } from '../features/project-detail';
import { OwnerActions, PlanABreak } from '../features/project-owner';

/**
 * The project page composed: the project's own content (project-detail), the thanks after a donation
 * and Support This Project for visitors (donations), and for its owner checking in and fixing a check-in
 * just posted (check-in), the actions and planning a break (project-owner).
 */
const parts: ProjectPageParts = {
  banner: ({ detail, watchTotal }) => <DonationReturn projectId={detail.project.id} onReturn={watchTotal} />,
  support: ({ detail: { project, viewer, commitment }, watchTotal }) =>
    viewer.isOwner || project.summary.ended ? null : (
      <SupportButton project={project} charityName={commitment.charity.name} onDonated={watchTotal} />
    ),
  addCheckIn: ({ detail: { project, viewer }, refresh }) =>
    viewer.isOwner && !project.summary.ended ? (
      <AddCheckInButton project={project} onCheckedIn={refresh} />
    ) : null,
  side: ({ detail: { project, viewer, checkIns }, schedule, now, refresh }, addCheckIn) =>
    viewer.isOwner ? (
      <>
        <OwnerActions project={project} photos={checkIns} addCheckIn={addCheckIn} onChanged={refresh} />
        {!project.summary.ended ? <PlanABreak projectId={project.id} schedule={schedule} now={now} /> : null}
      </>
    ) : null,
  checkInTools: ({ detail: { project, viewer }, refresh }, checkIn, number, automatic) =>
    viewer.isOwner ? (
      <CheckInFix
        projectId={project.id}
        checkIn={checkIn}
        number={number}
        automatic={automatic}
        onChanged={refresh}
      />
    ) : null,
};

export default function ProjectScreen() {
  const { projectId } = useParams();
  return (
    <PageContainer>
      {projectId ? (
        // A new id is a new page: nothing of the previous project's state (dialogs, banners) carries over.
        // The history is drawn under the page's content, with it.
        <ProjectPage key={projectId} projectId={projectId} parts={parts}>
          <ProjectHistory projectId={projectId} shown />
        </ProjectPage>
      ) : (
        <Alert tone="error">{MESSAGES.projectIdMissing}</Alert>
      )}
    </PageContainer>
  );
}
