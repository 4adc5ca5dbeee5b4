import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Layout } from './components/layout/layout';
import { ErrorBoundary } from './components/route-error-boundary';
import { ScreenLoading } from './components/ui/screen-loading';
import { RequireAuthOutlet } from './features/session/require-auth';

// Declarative routes (<Routes>) rather than the data router: we load data with TanStack Query, and the
// data router's engine costs ~19 KB gzip in the entry chunk, which the 120 KB initial budget can't spare.
// Every screen is code-split with React.lazy and wrapped in its own error boundary.

const screens = {
  home: lazy(() => import('./routes/home')),
  howItWorks: lazy(() => import('./routes/how-it-works')),
  login: lazy(() => import('./routes/login')),
  signup: lazy(() => import('./routes/signup')),
  forgotPassword: lazy(() => import('./routes/forgot-password')),
  resetPassword: lazy(() => import('./routes/reset-password')),
  privacyPolicy: lazy(() => import('./routes/privacy-policy')),
  termsOfService: lazy(() => import('./routes/terms-of-service')),
  project: lazy(() => import('./routes/project')),
  category: lazy(() => import('./routes/category')),
  userProfile: lazy(() => import('./routes/user-profile')),
  myProjects: lazy(() => import('./routes/my-projects')),
  createProject: lazy(() => import('./routes/create-project')),
  settings: lazy(() => import('./routes/settings')),
  notFound: lazy(() => import('./routes/not-found')),
};

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
