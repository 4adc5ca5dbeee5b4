import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { publicProfileQuery } from '../features/account/api';
import { PageContainer } from '../components/ui/page';
import { PublicProfile } from '../features/account/public-profile';
import { ProfileHistory } from '../features/history';

export default function UserProfileScreen() {
  const { username = '' } = useParams();
  const profile = useQuery(publicProfileQuery(username));
  // A new username is a new page: start from a clean state.
  return (
    <>
      <PublicProfile key={username} username={username} />
      <PageContainer className="pt-0 sm:pt-0">
        <ProfileHistory key={username} username={username} shown={profile.isSuccess} />
      </PageContainer>
    </>
  );
}
