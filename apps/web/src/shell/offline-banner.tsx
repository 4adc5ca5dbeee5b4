// The offline state (decision 036): when the browser has no connection, or a screen shows the service
// worker's copy, a banner says so, and when that copy was fetched. Amounts on screen are then what
// Kept showed at that time, never passed off as current.
import WifiOff from 'lucide-react/icons/wifi-off';
import { useOffline } from '../lib/offline';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function OfflineBanner() {
  const { offline, shownAt } = useOffline();
  if (!offline) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm">
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {shownAt ? (
            <>
              <strong>You are offline</strong> — this is what Kept showed at{' '}
              <time dateTime={shownAt.toISOString()}>{timeFormat.format(shownAt)}</time>. Amounts may have
              changed since; nothing can be saved until you are back online.
            </>
          ) : (
            <>
              <strong>You are offline.</strong> Pages you opened before still show; nothing can be saved until
              you are back online.
            </>
          )}
        </span>
      </p>
    </div>
  );
}
