/**
 * The first Intl formatter a page makes loads the browser's locale and timezone data: 20-35 ms of main
 * thread on a desktop, several times that on a phone. Any later formatter, in any timezone, takes well
 * under a millisecond. Paying it here, in a task of its own while the first screen's code and data are on
 * their way, keeps it out of the render that shows them (dates, periods, schedules).
 */
export function warmIntl(): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0);
  } catch {
    // An engine without timezone data: the screens' own formatters report it where it matters.
  }
}
