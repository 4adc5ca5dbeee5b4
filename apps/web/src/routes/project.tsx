import { useParams } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { ComingSoon } from '../components/coming-soon';
import { ButtonLink } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ProjectScreen() {
  const { projectId } = useParams();
  useDocumentTitle('Project');
  return (
    <PageContainer>
      <ButtonLink
        to="/"
        variant="ghost"
        size="sm"
        className="-ml-3 mb-4"
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        Back to Home
      </ButtonLink>
      <PageHeader title="Project details" lead={projectId ? `Project ${projectId}` : undefined} />
      <ComingSoon>
        Project pages are coming soon: the refundable total, check-in calendar and timeline will live here.
      </ComingSoon>
    </PageContainer>
  );
}
