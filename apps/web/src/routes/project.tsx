import { useParams } from 'react-router';
import { MESSAGES } from '@kept/domain';
import { Alert } from '../components/ui/alert';
import { PageContainer } from '../components/ui/page';
import { ProjectHistory } from '../features/history';
import { ProjectPage } from '../features/project-detail/project-page';

export default function ProjectScreen() {
  const { projectId } = useParams();
  return (
    <PageContainer>
      {projectId ? (
        // A new id is a new page: nothing of the previous project's state (dialogs, banners) carries over.
        // The history is drawn under the page's content, with it.
        <ProjectPage key={projectId} projectId={projectId}>
          <ProjectHistory projectId={projectId} shown />
        </ProjectPage>
      ) : (
        <Alert tone="error">{MESSAGES.projectIdMissing}</Alert>
      )}
    </PageContainer>
  );
}
