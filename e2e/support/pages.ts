/** Every page a signed-out visitor can open, with the h1 it must show and its tab title. */
export const publicPages = [
  {
    path: '/',
    heading: 'Beat procrastination with money on the line',
    title: 'Kept: beat procrastination with money on the line',
  },
  { path: '/how-it-works', heading: 'How Kept works', title: 'How it works · Kept' },
  { path: '/login', heading: 'Log in to Kept', title: 'Log in · Kept' },
  { path: '/signup', heading: 'Create your account', title: 'Sign up · Kept' },
  { path: '/forgot-password', heading: 'Forgot your password?', title: 'Forgot password · Kept' },
  { path: '/reset-password', heading: 'Set a new password', title: 'Reset password · Kept' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy · Kept' },
  { path: '/terms-of-service', heading: 'Terms of Service', title: 'Terms of Service · Kept' },
  { path: '/about', heading: 'About Kept', title: 'About Us · Kept' },
  { path: '/help', heading: 'Help Center', title: 'Help Center · Kept' },
  { path: '/blog', heading: 'Blog', title: 'Blog · Kept' },
  { path: '/careers', heading: 'Careers', title: 'Careers · Kept' },
  { path: '/transparency', heading: 'Transparency', title: 'Transparency · Kept' },
  // No such project in a fresh database: the project page says so.
  {
    path: '/project/00000000-0000-4000-8000-000000000000',
    heading: 'Project Not Found',
    title: 'Project Not Found · Kept',
  },
  { path: '/category/featured', heading: "Editor's Picks", title: "Editor's Picks · Kept" },
  { path: '/category/home-improvements', heading: 'Home Improvements', title: 'Home Improvements · Kept' },
  // Nobody has that username in a fresh database: the profile page says so.
  { path: '/user/some_reader', heading: 'User Not Found', title: 'User Not Found · Kept' },
  { path: '/this/page/does-not-exist', heading: 'Page not found', title: 'Page not found · Kept' },
  { path: '/category/nonsense', heading: 'Page not found', title: 'Page not found · Kept' },
] as const;

/** Signed-in-only pages and where a signed-out visitor must be sent instead. */
export const protectedPages = [
  { path: '/my-projects', login: '/login?returnTo=%2Fmy-projects' },
  { path: '/create-project', login: '/login?returnTo=%2Fcreate-project' },
  { path: '/settings', login: '/login?returnTo=%2Fsettings' },
] as const;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 812 } as const;
