// The device's timezone as the account screens send and compare it. A module of its own so the screens
// that do not need it (log in, forgot and reset password) do not carry the list of zones.
import { canonicalTimezone } from '@kept/domain';

/**
 * The device's IANA timezone ('Europe/Berlin'), or UTC when the browser cannot tell. An alias of a listed
 * zone comes back as the listed name (Chromium reports India as 'Asia/Calcutta': 'Asia/Kolkata').
 */
export function detectTimezone(): string {
  try {
    return canonicalTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  } catch {
    return 'UTC';
  }
}
