// No zod here: the web app reads this module in its entry script, where every byte counts.
import type { SessionResponse } from './auth.ts';

/**
 * The state a page starts with, written by the server into the page's HTML as JSON in
 * <script type="application/json" id="kept-boot">: who is signed in, as GET /api/session would answer
 * (SessionResponseSchema). The browser renders the right screen at once instead of asking first.
 */
export interface BootState {
  session: SessionResponse;
}

export const BOOT_STATE_ELEMENT_ID = 'kept-boot';
