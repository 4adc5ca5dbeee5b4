import { AuthLayout } from '../features/account/auth-layout';
import { LoginForm } from '../features/account/login-form';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LoginScreen() {
  useDocumentTitle('Log in');
  return (
    <AuthLayout title="Log in to Kept" lead="Welcome back! Sign in to check in on your projects.">
      <LoginForm />
    </AuthLayout>
  );
}
