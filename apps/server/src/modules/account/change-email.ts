// Settings → Change email. better-auth's own changeEmail does not fit (decision 034): its links are
// stateless signed tokens (a link used once works again after an undo, until it expires), it answers an
// address taken by another account as if it had sent a link, and it neither tells the old address nor
// offers an undo. So the flow is ours, on better-auth's verifications table and its password hasher:
//   1. request: the current password, a free address → a single-use link to the NEW address (24 h);
//   2. confirm: the link changes the address (now confirmed) and mails the OLD address an undo link (7 d);
//   3. undo: the old address comes back and every session of the account ends.
import type { ChangeEmailData, ChangeEmailResponse, SessionUser } from '@kept/contract';
import { EMAIL_CHANGE_MESSAGES, PASSWORD_MESSAGES, emailChangeSentMessage } from '@kept/domain';
import { DomainError } from '../../http/errors.ts';
import { queueEmail, secretKey } from '../../jobs/tasks.ts';
import { RESET_TOKEN_LIMIT } from '../auth/accounts.ts';
import { confirmNewEmailEmail, emailChangedEmail } from './emails.ts';
import { checkPasswordAgain, type LifecycleDeps } from './lifecycle-deps.ts';
import {
  deleteLinksOf,
  deleteSessionsOf,
  endResetLinksOf,
  insertLink,
  isEmailTaken,
  newLinkToken,
  selectAccount,
  setEmail,
  takeLink,
} from './lifecycle-queries.ts';

const HOUR = 3_600_000;
export const CONFIRM_LINK_MS = 24 * HOUR;
export const UNDO_LINK_MS = 7 * 24 * HOUR;

/** Requests per account per hour: each one mails an address the requester chose. */
export const EMAIL_CHANGE_LIMIT = (userId: string) => ({
  key: `change-email:request:${userId}`,
  max: 5,
  windowMs: HOUR,
});

const takenError = (message: string = EMAIL_CHANGE_MESSAGES.taken) =>
  new DomainError('conflict', message, { newEmail: message });

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function requestEmailChange(
  deps: LifecycleDeps,
  user: SessionUser,
  input: ChangeEmailData,
): Promise<ChangeEmailResponse> {
  await checkPasswordAgain(deps, user.id, input.currentPassword, {
    purpose: 'change-email',
    field: 'currentPassword',
    message: PASSWORD_MESSAGES.currentWrong,
  });
  if (input.newEmail === user.email.toLowerCase())
    throw new DomainError('validation_error', EMAIL_CHANGE_MESSAGES.same, {
      newEmail: EMAIL_CHANGE_MESSAGES.same,
    });
  await deps.limiter.consume(EMAIL_CHANGE_LIMIT(user.id));
  // Said plainly to the account holder (they proved the password, and asks are limited): the address
  // is someone else's. Nothing is mailed to it.
  if (await isEmailTaken(deps.db, input.newEmail, user.id)) throw takenError();
  const now = deps.clock.now();
  const token = newLinkToken();
  await deps.db.transaction(async (tx) => {
    // One pending change at a time: a new request ends the link of the one before.
    await deleteLinksOf(tx, 'change-email', user.id);
    await insertLink(
      tx,
      'change-email',
      token,
      { userId: user.id, oldEmail: user.email, newEmail: input.newEmail },
      now,
      new Date(now.getTime() + CONFIRM_LINK_MS),
    );
    await queueEmail(
      tx,
      secretKey('change-email', token),
      confirmNewEmailEmail(
        input.newEmail,
        user.username,
        `${deps.baseUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
      ),
    );
  });
  return { ok: true, message: emailChangeSentMessage(input.newEmail) };
}

const invalidLink = () => new DomainError('invalid_verification_link', EMAIL_CHANGE_MESSAGES.invalidLink);

/** The link to the new address: the address changes (confirmed by the link), the old one is told. */
export async function confirmEmailChange(deps: LifecycleDeps, token: string, ip: string): Promise<void> {
  await deps.limiter.consume(RESET_TOKEN_LIMIT(ip));
  const now = deps.clock.now();
  const undoToken = newLinkToken();
  try {
    await deps.db.transaction(async (tx) => {
      const link = await takeLink(tx, 'change-email', token, now);
      if (!link) throw invalidLink();
      const account = await selectAccount(tx, link.userId, true);
      // The account changed its address another way since, or is gone: the link no longer applies.
      if (!account || account.deletedAt || account.email.toLowerCase() !== link.oldEmail.toLowerCase())
        throw invalidLink();
      await setEmail(tx, account.id, link.newEmail, now);
      // Reset links were mailed to the old address: they end with it.
      await endResetLinksOf(tx, account.id);
      await insertLink(tx, 'undo-email-change', undoToken, link, now, new Date(now.getTime() + UNDO_LINK_MS));
      await queueEmail(
        tx,
        secretKey('email-changed', undoToken),
        emailChangedEmail(
          link.oldEmail,
          account.username,
          link.newEmail,
          `${deps.baseUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`,
        ),
      );
    });
  } catch (err) {
    // Another account took the address while the link waited: the unique index decides.
    if (isUniqueViolation(err)) throw new DomainError('conflict', EMAIL_CHANGE_MESSAGES.takenMeanwhile);
    throw err;
  }
}

/**
 * The old address's undo link: the old address comes back (whatever the address is now), every session
 * ends, reset and pending change links end. Whoever made the change is signed out for good.
 */
export async function undoEmailChange(deps: LifecycleDeps, token: string, ip: string): Promise<void> {
  await deps.limiter.consume(RESET_TOKEN_LIMIT(ip));
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const link = await takeLink(tx, 'undo-email-change', token, now);
      if (!link) throw invalidLink();
      const account = await selectAccount(tx, link.userId, true);
      if (!account || account.deletedAt) throw invalidLink();
      await setEmail(tx, account.id, link.oldEmail, now);
      await deleteSessionsOf(tx, account.id);
      await endResetLinksOf(tx, account.id);
      await deleteLinksOf(tx, 'change-email', account.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('conflict', EMAIL_CHANGE_MESSAGES.takenMeanwhile);
    throw err;
  }
}
