import ArrowLeft from 'lucide-react/icons/arrow-left';
import { ButtonLink } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page';
import { SettingsPanel } from '../features/account/settings-panel';
import { useDocumentTitle } from '../lib/use-document-title';

export default function SettingsScreen() {
  useDocumentTitle('Settings');
  return (
    <PageContainer width="medium">
      <ButtonLink
        to="/my-projects"
        variant="ghost"
        size="sm"
        className="-ml-3 mb-4"
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        Back to My Projects
      </ButtonLink>
      <PageHeader title="Settings" lead="Your public username and the timezone your check-ins follow." />
      <SettingsPanel />
    </PageContainer>
  );
}
