import { PageContainer, PageHeader } from '../components/ui/page';
import { CreateProjectForm } from '../features/create-project/create-project-form';
import { useDocumentTitle } from '../lib/use-document-title';

export default function CreateProjectScreen() {
  useDocumentTitle('Create New Project');
  return (
    <PageContainer width="medium">
      <PageHeader
        title="Create New Project"
        lead="Set a goal, choose how often you'll check in, and put down a deposit you'll get back by following through."
      />
      <CreateProjectForm />
    </PageContainer>
  );
}
