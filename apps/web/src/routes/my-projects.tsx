import Plus from 'lucide-react/icons/plus';
import { ComingSoon } from '../components/coming-soon';
import { ButtonLink } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function MyProjectsScreen() {
  useDocumentTitle('My Projects');
  return (
    <PageContainer>
      <PageHeader title="My Projects" />
      <ComingSoon
        actions={
          <ButtonLink to="/create-project" icon={<Plus aria-hidden="true" className="size-4" />}>
            Start a New Project
          </ButtonLink>
        }
      >
        Your active and completed projects will be listed here soon.
      </ComingSoon>
    </PageContainer>
  );
}
