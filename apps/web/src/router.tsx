import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { screenOfPath, type ScreenName } from '@kept/contract';
import { Layout } from './shell/layout';
import { ErrorBoundary } from './components/route-error-boundary';
import { ScreenLoading } from './components/ui/screen-loading';
import { RequireAuthOutlet, SignedOutOnlyOutlet } from './features/session';
import { warmIntlFor } from './lib/warm-intl';

// Declarative routes (<Routes>) rather than the data router: we load data with TanStack Query, and the
// data router's engine costs ~19 KB gzip in the entry chunk, which the 120 KB initial budget can't spare.
// Every screen is code-split with React.lazy and wrapped in its own error boundary.

const load: Record<ScreenName, () => Promise<{ default: ComponentType }>> = {
  home: () => import('./routes/home'),
  'how-it-works': () => import('./routes/how-it-works'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  'forgot-password': () => import('./routes/forgot-password'),
  'reset-password': () => import('./routes/reset-password'),
  'verify-email': () => import('./routes/verify-email'),
  'email-change': () => import('./routes/email-change'),
  'privacy-policy': () => import('./routes/privacy-policy'),
  'terms-of-service': () => import('./routes/terms-of-service'),
  about: () => import('./routes/about'),
  help: () => import('./routes/help'),
  blog: () => import('./routes/blog'),
  careers: () => import('./routes/careers'),
  transparency: () => import('./routes/transparency'),
  project: () => import('./routes/project'),
  category: () => import('./routes/category'),
  'user-profile': () => import('./routes/user-profile'),
  'my-projects': () => import('./routes/my-projects'),
  'create-project': () => import('./routes/create-project'),
  settings: () => import('./routes/settings'),
  'money-history': () => import('./routes/money-history'),
  receipt: () => import('./routes/receipt'),
  'not-found': () => import('./routes/not-found'),
};

const screens = Object.fromEntries(
  (Object.keys(load) as ScreenName[]).map((name) => [name, lazy(load[name])]),
) as Record<ScreenName, LazyExoticComponent<ComponentType>>;

/**
 * Starts fetching the code of the page's first screen as soon as the entry runs (the server has told the
 * browser to fetch it beside the entry script, so it is usually here already). React.lazy later finds the
 * module loaded.
 */
export function preloadScreen(pathname: string): void {
  load[screenOfPath(pathname)]().catch(() => {
    // React.lazy imports it again when the screen renders, and shows the error boundary if that fails too.
  });
}

/** One screen: its own error boundary (reset on every new path) around its lazily loaded component. */
function Screen({ name }: { name: ScreenName }) {
  const { pathname } = useLocation();
  const ScreenComponent = screens[name];
  // Moving to a screen that formats dates: the locale data loads while its code and data are on the way.
  useEffect(() => warmIntlFor(name), [name]);
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<ScreenLoading />}>
        <ScreenComponent />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Every route of the product spec's route table (§2), and the footer's company and help pages. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Screen name="home" />} />
        <Route path="how-it-works" element={<Screen name="how-it-works" />} />
        {/* Someone already signed in goes on to returnTo, else My Projects. */}
        <Route element={<SignedOutOnlyOutlet />}>
          <Route path="login" element={<Screen name="login" />} />
          <Route path="signup" element={<Screen name="signup" />} />
        </Route>
        <Route path="forgot-password" element={<Screen name="forgot-password" />} />
        <Route path="reset-password" element={<Screen name="reset-password" />} />
        <Route path="verify-email" element={<Screen name="verify-email" />} />
        <Route path="confirm-email-change" element={<Screen name="email-change" />} />
        <Route path="undo-email-change" element={<Screen name="email-change" />} />
        <Route path="privacy-policy" element={<Screen name="privacy-policy" />} />
        <Route path="terms-of-service" element={<Screen name="terms-of-service" />} />
        <Route path="about" element={<Screen name="about" />} />
        <Route path="help" element={<Screen name="help" />} />
        <Route path="blog" element={<Screen name="blog" />} />
        <Route path="careers" element={<Screen name="careers" />} />
        <Route path="transparency" element={<Screen name="transparency" />} />
        <Route path="project/:projectId" element={<Screen name="project" />} />
        <Route path="category/:category" element={<Screen name="category" />} />
        <Route path="user/:username" element={<Screen name="user-profile" />} />
        {/* Signed-in only: anyone else is sent to /login?returnTo=<path>. */}
        <Route element={<RequireAuthOutlet />}>
          <Route path="my-projects" element={<Screen name="my-projects" />} />
          <Route path="create-project" element={<Screen name="create-project" />} />
          <Route path="settings" element={<Screen name="settings" />} />
          <Route path="money" element={<Screen name="money-history" />} />
          <Route path="receipt/:paymentId" element={<Screen name="receipt" />} />
        </Route>
        <Route path="*" element={<Screen name="not-found" />} />
      </Route>
    </Routes>
  );
}
