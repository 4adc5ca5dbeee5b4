import { useEffect, useRef, type RefObject } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { VerifyEmailBanner, useSession } from '../features/session';
import { scrollToHash } from '../lib/scroll';
import { FullScreenLoading } from '../components/ui/full-screen-loading';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { OfflineBanner } from './offline-banner';

/**
 * After a client-side navigation: start the new page at its top (or at its #anchor) and move keyboard and
 * screen-reader focus to it. Back/forward keeps the browser's own scroll restoration.
 */
function useNavigationFocusAndScroll(main: RefObject<HTMLElement | null>) {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef(pathname);
  const firstRender = useRef(true);

  useEffect(() => {
    const pathChanged = previousPath.current !== pathname;
    previousPath.current = pathname;
    const isFirst = firstRender.current;
    firstRender.current = false;

    if (hash) return scrollToHash(hash, main.current ?? document.body);
    if (isFirst || navigationType === 'POP') return;
    if (pathChanged) {
      window.scrollTo(0, 0);
      main.current?.focus({ preventScroll: true });
    }
    // `key` changes on every navigation, including a second click on the current page's link.
  }, [pathname, hash, key, navigationType, main]);
}

/** The frame around every screen: skip link, navigation, the screen, footer. */
export function Layout() {
  const { isLoading } = useSession();
  const main = useRef<HTMLElement>(null);
  useNavigationFocusAndScroll(main);

  if (isLoading) return <FullScreenLoading />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-primary-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <NavBar />
      <OfflineBanner />
      <VerifyEmailBanner />
      {/* At least the window's height below the navigation: the footer starts below the fold, so a screen
          that grows as its code and data arrive does not push a visible footer down (layout shift). */}
      <main id="main" ref={main} tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
