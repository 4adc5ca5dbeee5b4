// The check-in feature's public face: its dialog, loaded when first needed (and prefetched on hover).
export const loadCheckInDialog = () => import('./check-in-dialog');
