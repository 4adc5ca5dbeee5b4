import { ComingSoon } from '../components/coming-soon';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function CreateProjectScreen() {
  useDocumentTitle('Create New Project');
  return (
    <PageContainer width="medium">
      <PageHeader title="Create New Project" />
      <ComingSoon>Creating a project with your deposit is coming soon.</ComingSoon>
    </PageContainer>
  );
}
