import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Layout } from './components/layout/layout';
import { ErrorBoundary } from './components/route-error-boundary';
import { ScreenLoading } from './components/ui/screen-loading';
import { RequireAuthOutlet } from './features/session/require-auth';

// Declarative routes (<Routes>) rather than the data router: we load data with TanStack Query, and the
// data router's engine costs ~19 KB gzip in the entry chunk, which the 120 KB initial budget can't spare.
// Every screen is code-split with React.lazy and wrapped in its own error boundary.

const load = {
  home: () => import('./routes/home'),
  howItWorks: () => import('./routes/how-it-works'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  forgotPassword: () => import('./routes/forgot-password'),
  resetPassword: () => import('./routes/reset-password'),
  privacyPolicy: () => import('./routes/privacy-policy'),
  termsOfService: () => import('./routes/terms-of-service'),
  project: () => import('./routes/project'),
  category: () => import('./routes/category'),
  userProfile: () => import('./routes/user-profile'),
  myProjects: () => import('./routes/my-projects'),
  createProject: () => import('./routes/create-project'),
  settings: () => import('./routes/settings'),
  notFound: () => import('./routes/not-found'),
};
type ScreenName = keyof typeof load;

const screens: Record<ScreenName, LazyExoticComponent<ComponentType>> = {
  home: lazy(load.home),
  howItWorks: lazy(load.howItWorks),
  login: lazy(load.login),
  signup: lazy(load.signup),
  forgotPassword: lazy(load.forgotPassword),
  resetPassword: lazy(load.resetPassword),
  privacyPolicy: lazy(load.privacyPolicy),
  termsOfService: lazy(load.termsOfService),
  project: lazy(load.project),
  category: lazy(load.category),
  userProfile: lazy(load.userProfile),
  myProjects: lazy(load.myProjects),
  createProject: lazy(load.createProject),
  settings: lazy(load.settings),
  notFound: lazy(load.notFound),
};

/** The screen of a path, by its first segment (the route table below). */
const screenOfSegment: Record<string, ScreenName> = {
  '': 'home',
  'how-it-works': 'howItWorks',
  login: 'login',
  signup: 'signup',
  'forgot-password': 'forgotPassword',
  'reset-password': 'resetPassword',
  'privacy-policy': 'privacyPolicy',
  'terms-of-service': 'termsOfService',
  project: 'project',
  category: 'category',
  user: 'userProfile',
  'my-projects': 'myProjects',
  'create-project': 'createProject',
  settings: 'settings',
};

/**
 * Starts fetching the code of the first screen at once, beside the session check, instead of after it
 * (the layout waits for the session before it renders the screen): one round trip less before the page
 * shows its content. React.lazy later finds the module already loaded.
 */
export function preloadScreen(pathname: string): void {
  const first = pathname.split('/').find(Boolean) ?? '';
  const name = Object.hasOwn(screenOfSegment, first) ? screenOfSegment[first]! : 'notFound';
  load[name]().catch(() => {
    // React.lazy imports it again when the screen renders, and shows the error boundary if that fails too.
  });
}

/** One screen: its own error boundary (reset on every new path) around its lazily loaded component. */
function Screen({ component: ScreenComponent }: { component: LazyExoticComponent<ComponentType> }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<ScreenLoading />}>
        <ScreenComponent />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Every route of the product spec's route table (§2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Screen component={screens.home} />} />
        <Route path="how-it-works" element={<Screen component={screens.howItWorks} />} />
        <Route path="login" element={<Screen component={screens.login} />} />
        <Route path="signup" element={<Screen component={screens.signup} />} />
        <Route path="forgot-password" element={<Screen component={screens.forgotPassword} />} />
        <Route path="reset-password" element={<Screen component={screens.resetPassword} />} />
        <Route path="privacy-policy" element={<Screen component={screens.privacyPolicy} />} />
        <Route path="terms-of-service" element={<Screen component={screens.termsOfService} />} />
        <Route path="project/:projectId" element={<Screen component={screens.project} />} />
        <Route path="category/:category" element={<Screen component={screens.category} />} />
        <Route path="user/:username" element={<Screen component={screens.userProfile} />} />
        {/* Signed-in only: anyone else is sent to /login?returnTo=<path>. */}
        <Route element={<RequireAuthOutlet />}>
          <Route path="my-projects" element={<Screen component={screens.myProjects} />} />
          <Route path="create-project" element={<Screen component={screens.createProject} />} />
          <Route path="settings" element={<Screen component={screens.settings} />} />
        </Route>
        <Route path="*" element={<Screen component={screens.notFound} />} />
      </Route>
    </Routes>
  );
}
