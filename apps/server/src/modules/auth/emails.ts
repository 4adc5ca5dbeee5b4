import { renderEmail } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';

const greeting = (username: string | null) => (username ? `Hi ${username},` : 'Hi,');

export function resetPasswordEmail(to: string, username: string | null, link: string): EmailMessage {
  return {
    to,
    subject: 'Reset your Kept password',
    ...renderEmail({
      heading: 'Reset your password',
      paragraphs: [
        greeting(username),
        'Someone asked to reset the password of your Kept account. If it was you, choose a new password with the link below. It works once, for one hour.',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url: link },
    }),
  };
}

export function existingAccountEmail(
  to: string,
  username: string | null,
  loginLink: string,
  resetLink: string,
): EmailMessage {
  return {
    to,
    subject: 'You already have a Kept account',
    ...renderEmail({
      heading: 'You already have an account',
      paragraphs: [
        greeting(username),
        'Someone tried to sign up for Kept with this email address, but it already belongs to your account. No new account was made.',
        `If it was you, sign in instead. Forgot your password? Reset it here: ${resetLink}`,
        'If it was not you, you can ignore this email.',
      ],
      action: { label: 'Sign in to Kept', url: loginLink },
    }),
  };
}

/** After a password change in Settings: the owner hears of it, with the way back if it was not them. */
export function passwordChangedEmail(to: string, username: string | null, resetLink: string): EmailMessage {
  return {
    to,
    subject: 'Your Kept password was changed',
    ...renderEmail({
      heading: 'Your password was changed',
      paragraphs: [
        greeting(username),
        'The password of your Kept account was just changed from Settings. Every other device signed in to your account has been signed out.',
        'If this was you, there is nothing more to do.',
        'If it was not you, choose a new password now with the link below, then write to support@kept.app.',
      ],
      action: { label: 'Reset my password', url: resetLink },
    }),
  };
}

/** Sign-up (and Settings' resend): the link that confirms the address belongs to the account. */
export function verifyEmailEmail(to: string, username: string | null, link: string): EmailMessage {
  return {
    to,
    subject: 'Confirm your email address for Kept',
    ...renderEmail({
      heading: 'Confirm your email address',
      paragraphs: [
        greeting(username),
        'Please confirm that this address is yours with the link below. It works once, for 24 hours.',
        'Until you do, Kept sends you no check-in reminders. Everything else works as usual, your money included.',
        'If you did not sign up for Kept, ignore this email: nothing happens without the link.',
      ],
      action: { label: 'Confirm my email address', url: link },
    }),
  };
}
