import { ComingSoon } from '../components/coming-soon';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function SettingsScreen() {
  useDocumentTitle('Settings');
  return (
    <PageContainer width="medium">
      <PageHeader title="Settings" />
      <ComingSoon>Changing your username and timezone is coming soon.</ComingSoon>
    </PageContainer>
  );
}
