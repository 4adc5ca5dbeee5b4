// The check-in feature's public face on a project page: the owner's Add Check-in button (its dialog
// loaded when first needed, prefetched on hover) and the way to fix a check-in just posted.
export { AddCheckInButton, loadCheckInDialog } from './add-check-in-button';
export { CheckInFix } from './check-in-fix';
