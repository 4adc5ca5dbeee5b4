import { Suspense, lazy, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { displayName, useSession, useSignOut } from '../features/session';
import { cx } from '../lib/cx';
import { ButtonLink } from '../components/ui/button';
import { BrandLink } from './brand';

// The account dropdown (Radix + positioning) only matters to signed-in users: keep it out of the entry chunk.
const ProfileMenu = lazy(() => import('./profile-menu').then((module) => ({ default: module.ProfileMenu })));

function ProfileMenuPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-10 w-32 rounded-full border border-slate-200 bg-white"
    />
  );
}

const MOBILE_MENU_ID = 'mobile-menu';

function desktopLinkClass({ isActive }: { isActive: boolean }) {
  return cx(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return cx(
    'flex w-full items-center gap-2 rounded-lg px-3 py-3 text-base font-medium',
    isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-800 hover:bg-slate-100',
  );
}

/**
 * Top navigation. Desktop (768 px and up) shows the links inline; below that a menu button toggles a
 * panel with the same destinations. Signed out: How it works + Login. Signed in: My Projects,
 * Create Project and the account menu (Settings, Logout).
 */
export function NavBar() {
  const { user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  const location = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The mobile menu belongs to the page it was opened on: any navigation closes it.
  const [openOnKey, setOpenOnKey] = useState<string | null>(null);
  const mobileOpen = openOnKey === location.key;

  function closeMobileMenu(returnFocus: boolean) {
    setOpenOnKey(null);
    if (returnFocus) menuButtonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && mobileOpen) {
      event.stopPropagation();
      closeMobileMenu(true);
    }
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <nav aria-label="Main" onKeyDown={onKeyDown}>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <BrandLink />

          <div className="hidden items-center gap-1 md:flex" data-testid="desktop-menu">
            {user ? (
              <>
                <NavLink to="/my-projects" className={desktopLinkClass}>
                  My Projects
                </NavLink>
                <ButtonLink
                  to="/create-project"
                  size="sm"
                  className="mx-2"
                  icon={<Plus aria-hidden="true" className="size-4" />}
                >
                  Create Project
                </ButtonLink>
                <Suspense fallback={<ProfileMenuPlaceholder />}>
                  <ProfileMenu user={user} />
                </Suspense>
              </>
            ) : (
              <>
                <NavLink to="/how-it-works" className={desktopLinkClass}>
                  How it works
                </NavLink>
                <ButtonLink to="/login" size="sm" className="ml-2">
                  Login
                </ButtonLink>
              </>
            )}
          </div>

          <button
            ref={menuButtonRef}
            type="button"
            className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label="Main menu"
            aria-expanded={mobileOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => (mobileOpen ? closeMobileMenu(false) : setOpenOnKey(location.key))}
          >
            {mobileOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>

        <div
          id={MOBILE_MENU_ID}
          hidden={!mobileOpen}
          className="border-t border-slate-200 bg-white md:hidden"
        >
          <ul className="mx-auto max-w-6xl space-y-1 px-4 py-3 sm:px-6">
            {user ? (
              <>
                <li className="px-3 pt-1 pb-2 text-sm text-slate-600">
                  Signed in as <span className="font-semibold text-slate-900">{displayName(user)}</span>
                </li>
                <li>
                  <NavLink to="/my-projects" className={mobileLinkClass}>
                    My Projects
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/create-project" className={mobileLinkClass}>
                    Create Project
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/settings" className={mobileLinkClass}>
                    Settings
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className={mobileLinkClass({ isActive: false })}
                    disabled={isSigningOut}
                    onClick={() => void signOut()}
                  >
                    <LogOut aria-hidden="true" className="size-5" />
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to="/how-it-works" className={mobileLinkClass}>
                    How it works
                  </NavLink>
                </li>
                <li className="pt-2">
                  <ButtonLink to="/login" size="lg" className="w-full">
                    Login
                  </ButtonLink>
                </li>
              </>
            )}
          </ul>
        </div>
      </nav>
    </header>
  );
}
