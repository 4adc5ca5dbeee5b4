import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { safeReturnTo } from '@kept/domain';
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

/** The signed-in user's home: where a sign-in page sends someone who needs no sign-in. */
export const SIGNED_IN_HOME = '/my-projects';

/**
 * Where a signed-in user goes instead of a sign-in page: the `returnTo` they came with when it is a
 * same-site path (and not another sign-in page), else My Projects.
 */
export function signedInDestination(returnTo: string | null): string {
  if (returnTo === null || safeReturnTo(returnTo) !== returnTo) return SIGNED_IN_HOME;
  const path = returnTo.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return path === '/login' || path === '/signup' ? SIGNED_IN_HOME : returnTo;
}

/**
 * For the login and signup screens: someone already signed in when the screen opens goes on to where
 * they meant to go. A sign-in made on the screen itself is left to the screen, which moves on by itself.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(null);
  const known = isLoading ? null : user !== null;
  if (signedInOnArrival === null && known !== null) setSignedInOnArrival(known);
  if (signedInOnArrival ?? known) {
    return <Navigate to={signedInDestination(params.get('returnTo'))} replace />;
  }
  return children;
}

/** Layout route for the sign-in screens (login, signup); each path checks afresh when it opens. */
export function SignedOutOnlyOutlet() {
  const { pathname } = useLocation();
  return (
    <SignedOutOnly key={pathname}>
      <Outlet />
    </SignedOutOnly>
  );
}
