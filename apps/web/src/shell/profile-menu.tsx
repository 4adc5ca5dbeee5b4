import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import { displayName, useSignOut, type SessionUser } from '../features/session';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none ' +
  'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:opacity-60';

/** The signed-in user's dropdown in the desktop navigation: Settings and Logout. */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const { signOut, isSigningOut } = useSignOut();
  const name = displayName(user);
  const initial = name.slice(0, 1).toUpperCase();

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${name}`}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 data-[state=open]:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-primary-100 font-semibold text-primary-800"
        >
          {initial}
        </span>
        <span className="max-w-40 truncate">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-600">
            Signed in as <span className="font-semibold text-slate-900">{name}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings">
              <Settings aria-hidden="true" className="size-4" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} disabled={isSigningOut} onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
