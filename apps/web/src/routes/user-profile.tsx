import { useParams } from 'react-router';
import { PublicProfile } from '../features/account/public-profile';

export default function UserProfileScreen() {
  const { username = '' } = useParams();
  // A new username is a new page: start from a clean state.
  return <PublicProfile key={username} username={username} />;
}
