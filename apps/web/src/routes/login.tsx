import { Link } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LoginScreen() {
  useDocumentTitle('Log in');
  return (
    <PageContainer width="medium">
      <PageHeader title="Log in to Kept" lead="Welcome back! Sign in to check in on your projects." />
      <ComingSoon>Signing in with your email and password is coming soon.</ComingSoon>
      <p className="mt-6 text-sm text-slate-600">
        New to Kept?{' '}
        <Link to="/signup" className="font-semibold text-primary-700 hover:underline">
          Create an account
        </Link>{' '}
        ·{' '}
        <Link to="/forgot-password" className="font-semibold text-primary-700 hover:underline">
          Forgot your password?
        </Link>
      </p>
    </PageContainer>
  );
}
