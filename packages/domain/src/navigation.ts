// Where to go after signing in (spec §2 Login: returnTo used only if it starts with /, else /).

/** The returnTo path if it is a same-site path ('/x', not '//host' or '/\host'), else '/'. */
export function safeReturnTo(returnTo: string | null | undefined): string {
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/')) return '/';
  if (returnTo.startsWith('//') || returnTo.startsWith('/\\')) return '/';
  if ([...returnTo].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return '/';
  return returnTo;
}
