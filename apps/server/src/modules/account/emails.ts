// The account's own emails: the link that confirms a new address, and the old address's notice with
// its undo link.
import { EMAIL_CHANGE_MESSAGES } from '@kept/domain';
import { renderEmail } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';

const greeting = (username: string | null) => (username ? `Hi ${username},` : 'Hi,');

/** To the new address: the change happens only when this link is opened. */
export function confirmNewEmailEmail(to: string, username: string | null, link: string): EmailMessage {
  return {
    to,
    subject: 'Confirm your new email address for Kept',
    ...renderEmail({
      heading: 'Confirm your new email address',
      paragraphs: [
        greeting(username),
        `You asked to use this address for your Kept account. Confirm it with the link below. It works once, for ${EMAIL_CHANGE_MESSAGES.linkLifetime}.`,
        'Until you do, Kept keeps writing to your current address.',
        'If you did not ask for this, ignore this email: nothing changes without the link.',
      ],
      action: { label: 'Confirm my new address', url: link },
    }),
  };
}

/** To the old address, once the change is made: what happened, and the way back. */
export function emailChangedEmail(
  to: string,
  username: string | null,
  newEmail: string,
  undoLink: string,
): EmailMessage {
  return {
    to,
    subject: 'The email address of your Kept account was changed',
    ...renderEmail({
      heading: 'Your email address was changed',
      paragraphs: [
        greeting(username),
        `The email address of your Kept account was just changed to ${newEmail}. Kept writes to that address from now on.`,
        'If this was you, there is nothing more to do.',
        `If it was not you, undo the change with the link below (it works once, for ${EMAIL_CHANGE_MESSAGES.undoLifetime}): your account gets this address back and every device is signed out. Then choose a new password and write to support@kept.app.`,
      ],
      action: { label: 'Undo the change', url: undoLink },
    }),
  };
}
