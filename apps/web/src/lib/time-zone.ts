// The viewer's own time zone (the device's), and whether a zone is the same one under another name.

/** A zone's canonical name as the browser resolves it ('Asia/Calcutta' and 'Asia/Kolkata' agree). */
function canonicalZone(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The device's time zone, or null when the browser does not say. */
export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Is `timeZone` the viewer's own? Unknown counts as not: the zone is then named, never hidden. */
export function isViewersTimeZone(timeZone: string): boolean {
  const device = deviceTimeZone();
  if (device === null) return false;
  const a = canonicalZone(timeZone);
  return a !== null && a === canonicalZone(device);
}
