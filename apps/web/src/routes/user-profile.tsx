import { useParams } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function UserProfileScreen() {
  const { username = '' } = useParams();
  useDocumentTitle(username);
  return (
    <PageContainer>
      <PageHeader title={username} />
      <ComingSoon>
        Public profiles are coming soon: {username}'s active and completed projects will show here.
      </ComingSoon>
    </PageContainer>
  );
}
