import { AuthLayout } from '../features/account/auth-layout';
import { ForgotPasswordForm } from '../features/account/forgot-password-form';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ForgotPasswordScreen() {
  useDocumentTitle('Forgot password');
  return (
    <AuthLayout
      title="Forgot your password?"
      lead="Tell us your email address and we'll send you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
