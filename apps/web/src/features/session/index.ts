// The session feature's public face: who is signed in, signing out, the guards of signed-in pages.
export { displayName, sessionQueryKey, type SessionResponse, type SessionUser } from './api';
export { seedSessionFromPage } from './boot';
export {
  RequireAuth,
  RequireAuthOutlet,
  SIGNED_IN_HOME,
  SignedOutOnly,
  SignedOutOnlyOutlet,
  loginPathFor,
  signedInDestination,
} from './require-auth';
export { useSession, type SessionState } from './use-session';
export { useSignOut } from './use-sign-out';
export { VerifyEmailBanner } from './verify-email-banner';
export { verifyEmail } from './api';
