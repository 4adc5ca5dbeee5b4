import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoading } from '../../components/ui/full-screen-loading';
import { useSession } from './use-session';

/** Where a signed-out visitor goes: the login page, remembering the path (and query) they wanted. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?returnTo=${encodeURIComponent(pathname + search)}`;
}

/** Renders its children only for a signed-in user; otherwise sends the visitor to log in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();

  if (isLoading) return <FullScreenLoading />;
  if (!user) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return children;
}

/** Layout route for the signed-in-only screens. */
export function RequireAuthOutlet() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
