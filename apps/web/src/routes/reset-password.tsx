import { ComingSoon } from '../components/coming-soon';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ResetPasswordScreen() {
  useDocumentTitle('Reset password');
  return (
    <PageContainer width="medium">
      <PageHeader title="Set a new password" lead="Choose a new password for your Kept account." />
      <ComingSoon>Setting a new password from your reset link is coming soon.</ComingSoon>
    </PageContainer>
  );
}
