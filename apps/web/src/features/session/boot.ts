import type { QueryClient } from '@tanstack/react-query';
import { BOOT_STATE_ELEMENT_ID, type BootState } from '@kept/contract';
import { sessionQueryKey, type SessionResponse } from './api';

/** Who is signed in, as the server wrote it into the page (apps/server/src/web/boot-state.ts), if it did. */
export function readBootSession(doc: Document = document): SessionResponse | undefined {
  const text = doc.getElementById(BOOT_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const { session } = JSON.parse(text) as Partial<BootState>;
    return session && typeof session === 'object' && 'user' in session ? session : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the session query with the page's boot state: the first render shows the right navigation and
 * screen without waiting for GET /api/session. Without one, the query asks the server as usual.
 */
export function seedSessionFromPage(queryClient: QueryClient, doc: Document = document): void {
  const session = readBootSession(doc);
  if (session) queryClient.setQueryData(sessionQueryKey, session);
}
