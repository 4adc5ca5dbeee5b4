import { PageContainer } from '../components/ui/page';
import { MyHistory } from '../features/history';
import { MyProjects } from '../features/project-owner/my-projects';
import { useDocumentTitle } from '../lib/use-document-title';

export default function MyProjectsScreen() {
  useDocumentTitle('My Projects');
  return (
    <PageContainer>
      <MyProjects />
      <MyHistory />
    </PageContainer>
  );
}
