// Who is signed in, written into each page's HTML so the browser's first render needs no /api/session
// round trip (the contract's BootState).
import { BOOT_STATE_ELEMENT_ID, type BootState } from '@kept/contract';

/**
 * The boot state as a JSON data block. '<' is written as \u003c, so no text in it (a username, an email)
 * can close the script element or open a comment; the JSON reads the same.
 */
export function bootStateScript(state: BootState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_STATE_ELEMENT_ID}">${json}</script>`;
}
