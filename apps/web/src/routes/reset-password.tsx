import { AuthLayout } from '../features/account/auth-layout';
import { ResetPasswordForm } from '../features/account/reset-password-form';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ResetPasswordScreen() {
  useDocumentTitle('Reset password');
  return (
    <AuthLayout title="Set a new password" lead="Choose a new password for your Kept account.">
      <ResetPasswordForm />
    </AuthLayout>
  );
}
