// Whether Kept is offline, for the banner and for errors (decision 036): the browser's own online flag,
// and the time of the copy the service worker answered with when the network failed (its
// `x-kept-offline-copy` header). Both go back to "online" as soon as a request gets a fresh answer.
import { useSyncExternalStore } from 'react';

export const OFFLINE_COPY_HEADER = 'x-kept-offline-copy';

/** Shown for a request the browser could not send because it is offline (a write saved nothing). */
export const OFFLINE_MESSAGE =
  'You are offline: nothing can be loaded or saved until you are back online. Please try again then.';

export type OfflineState = { offline: boolean; shownAt: Date | null };

let state: OfflineState = { offline: false, shownAt: null };
const listeners = new Set<() => void>();

function set(next: OfflineState) {
  if (next.offline === state.offline && next.shownAt?.getTime() === state.shownAt?.getTime()) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Is the browser without a connection (navigator.onLine false)? */
export const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Called with every API answer: a marked copy means "offline, as of then"; any other means online. */
export function noteAnswer(response: Response): void {
  const copy = response.headers.get(OFFLINE_COPY_HEADER);
  if (copy) {
    const at = new Date(copy);
    const earliest = state.shownAt && state.shownAt < at ? state.shownAt : at;
    set({ offline: true, shownAt: Number.isNaN(at.getTime()) ? state.shownAt : earliest });
  } else set({ offline: browserOffline(), shownAt: null });
}

function onConnectionChange() {
  set({ offline: browserOffline(), shownAt: browserOffline() ? state.shownAt : null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onConnectionChange);
    window.addEventListener('offline', onConnectionChange);
    onConnectionChange();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onConnectionChange);
      window.removeEventListener('offline', onConnectionChange);
    }
  };
}

export function useOffline(): OfflineState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
