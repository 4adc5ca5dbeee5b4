import { BOOT_STATE_ELEMENT_ID } from '@kept/contract';

/** The block of a page that says who is signed in (src/web/boot-state.ts); group 1 is its JSON. */
export const BOOT_STATE_BLOCK = new RegExp(
  `<script type="application/json" id="${BOOT_STATE_ELEMENT_ID}">([^<]*)</script>`,
);
