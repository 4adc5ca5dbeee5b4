import { Link } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function SignupScreen() {
  useDocumentTitle('Sign up');
  return (
    <PageContainer width="medium">
      <PageHeader
        title="Create your account"
        lead="Pick a username, and start putting your goals on the line."
      />
      <ComingSoon>Creating an account is coming soon.</ComingSoon>
      <p className="mt-6 text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-primary-700 hover:underline">
          Log in
        </Link>
      </p>
    </PageContainer>
  );
}
