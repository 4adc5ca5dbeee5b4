// No zod here: the web app's entry script reads this module.

/**
 * The screen of each first path segment of the route table (product spec §2, plus the footer's About Us,
 * Help Center, Blog and Careers pages, and the Transparency page). A screen is the file
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
  'verify-email': 'verify-email',
  'confirm-email-change': 'email-change',
  'undo-email-change': 'email-change',
  'privacy-policy': 'privacy-policy',
  'terms-of-service': 'terms-of-service',
  about: 'about',
  help: 'help',
  blog: 'blog',
  careers: 'careers',
  transparency: 'transparency',
  project: 'project',
  category: 'category',
  user: 'user-profile',
  'my-projects': 'my-projects',
  'create-project': 'create-project',
  settings: 'settings',
  money: 'money-history',
  receipt: 'receipt',
} as const;

export type ScreenName = (typeof SCREEN_OF_FIRST_SEGMENT)[keyof typeof SCREEN_OF_FIRST_SEGMENT] | 'not-found';

/**
 * First segments followed by exactly one parameter: /project/{id}, /category/{slug}, /user/{name},
 * /receipt/{paymentId}.
 */
const WITH_PARAMETER: ReadonlySet<string> = new Set(['project', 'category', 'user', 'receipt']);

/**
 * The screen a path shows: its first segment's, when the path has that route's shape (no segment for the
 * home, one for a static page, two for a page with a parameter); 'not-found' for any other path.
 */
export function screenOfPath(pathname: string): ScreenName {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  if (!Object.hasOwn(SCREEN_OF_FIRST_SEGMENT, first)) return 'not-found';
  const length = first === '' ? 0 : WITH_PARAMETER.has(first) ? 2 : 1;
  return segments.length === length
    ? SCREEN_OF_FIRST_SEGMENT[first as keyof typeof SCREEN_OF_FIRST_SEGMENT]
    : 'not-found';
}
