import { useSearchParams } from 'react-router';
import { safeReturnTo } from '@kept/domain';
import { AuthLayout, TextLink } from '../features/account/auth-layout';
import { SignupForm } from '../features/account/signup-form';
import { useDocumentTitle } from '../lib/use-document-title';

export default function SignupScreen() {
  useDocumentTitle('Sign up');
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const loginLink = returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <AuthLayout
      title="Create your account"
      lead="Pick a username, and start putting your goals on the line."
      footer={
        <p>
          Already have an account? <TextLink to={loginLink}>Log in</TextLink>
        </p>
      }
    >
      <SignupForm />
    </AuthLayout>
  );
}
