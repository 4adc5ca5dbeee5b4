// No zod here: the web app's entry script reads this module.

/**
 * The screen of each first path segment of the route table (product spec §2). A screen is the file
 * apps/web/src/routes/<screen>.tsx. The web app routes with it; the server uses it to let a page load its
 * screen's code beside the entry script (modulepreload).
 */
export const SCREEN_OF_FIRST_SEGMENT = {
  '': 'home',
  'how-it-works': 'how-it-works',
  login: 'login',
  signup: 'signup',
  'forgot-password': 'forgot-password',
  'reset-password': 'reset-password',
  'privacy-policy': 'privacy-policy',
  'terms-of-service': 'terms-of-service',
  project: 'project',
  category: 'category',
  user: 'user-profile',
  'my-projects': 'my-projects',
  'create-project': 'create-project',
  settings: 'settings',
} as const;

export type ScreenName = (typeof SCREEN_OF_FIRST_SEGMENT)[keyof typeof SCREEN_OF_FIRST_SEGMENT] | 'not-found';

/** The screen a path shows, by its first segment; 'not-found' for any path outside the table. */
export function screenOfPath(pathname: string): ScreenName {
  const first = pathname.split('/').find(Boolean) ?? '';
  return Object.hasOwn(SCREEN_OF_FIRST_SEGMENT, first)
    ? SCREEN_OF_FIRST_SEGMENT[first as keyof typeof SCREEN_OF_FIRST_SEGMENT]
    : 'not-found';
}
