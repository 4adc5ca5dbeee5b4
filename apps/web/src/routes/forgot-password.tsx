import { Link } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ForgotPasswordScreen() {
  useDocumentTitle('Forgot password');
  return (
    <PageContainer width="medium">
      <PageHeader
        title="Forgot your password?"
        lead="Tell us your email address and we'll send you a link to choose a new one."
      />
      <ComingSoon>Password reset emails are coming soon.</ComingSoon>
      <p className="mt-6 text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-primary-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </PageContainer>
  );
}
