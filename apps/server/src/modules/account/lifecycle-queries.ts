// The SQL of changing the address and deleting the account. Email-change links are rows of better-auth's
// verifications table, keyed by the sha256 of their token (the token itself is never stored), so a link
// is used up by deleting its row: single use holds across every app instance.
import crypto from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accountDeletions,
  accounts,
  dataExports,
  newsletterSubscribers,
  notifications,
  projectCheckins,
  projects,
  pushSubscriptions,
  sessions,
  userFavorites,
  users,
  verifications,
} from '../../db/schema.ts';
import { RESET_LINK_PREFIX } from '../auth/auth.ts';
import type { Executor, Tx } from '../ledger/ledger.ts';

export type EmailChangeLink = { userId: string; oldEmail: string; newEmail: string };
export type LinkKind = 'change-email' | 'undo-email-change';

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const identifierOf = (kind: LinkKind, token: string) => `${kind}:${tokenHash(token)}`;

/**
 * The user id of a link row of this kind; null for any other row (reset links hold a plain user id,
 * not JSON: the CASE keeps the cast away from them).
 */
const linkOwner = (kind: LinkKind) =>
  sql`case when ${verifications.identifier} like ${`${kind}:%`} then (${verifications.value}::jsonb ->> 'userId') end`;

/** A new random link token: 32 bytes, base64url. */
export const newLinkToken = () => crypto.randomBytes(32).toString('base64url');

export async function insertLink(
  tx: Executor,
  kind: LinkKind,
  token: string,
  link: EmailChangeLink,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await tx.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: identifierOf(kind, token),
    value: JSON.stringify(link),
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
}

/** Ends every link of this kind of a user (a new request replaces the one before). */
export async function deleteLinksOf(tx: Executor, kind: LinkKind, userId: string): Promise<void> {
  await tx.delete(verifications).where(sql`${linkOwner(kind)} = ${userId}`);
}

/**
 * Uses up a link: its row is deleted and returned if it existed and had not expired at `now`. Two
 * requests with the same link cannot both get it (the second finds no row).
 */
export async function takeLink(
  tx: Executor,
  kind: LinkKind,
  token: string,
  now: Date,
): Promise<EmailChangeLink | null> {
  const [row] = await tx
    .delete(verifications)
    .where(eq(verifications.identifier, identifierOf(kind, token)))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return JSON.parse(row.value) as EmailChangeLink;
}

export type AccountRow = {
  id: string;
  email: string;
  username: string | null;
  deletedAt: Date | null;
};

export async function selectAccount(
  tx: Executor,
  userId: string,
  lock = false,
): Promise<AccountRow | undefined> {
  const query = tx
    .select({ id: users.id, email: users.email, username: users.username, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Is the address any other account's (case-insensitively, as the unique index compares)? */
export async function isEmailTaken(db: Executor, email: string, exceptUserId: string): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from users where lower(email) = lower(${email}) and id <> ${exceptUserId} limit 1`,
  );
  return rows.rows.length > 0;
}

/** The hash of the user's password (better-auth's credential account), if there is one. */
export async function selectPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? null;
}

export async function setEmail(tx: Executor, userId: string, email: string, now: Date): Promise<void> {
  await tx.update(users).set({ email, emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
}

/** Ends every password-reset link of a user (better-auth's rows `reset-password:{token}` → user id). */
export async function endResetLinksOf(tx: Executor, userId: string): Promise<void> {
  await tx
    .delete(verifications)
    .where(and(like(verifications.identifier, `${RESET_LINK_PREFIX}%`), eq(verifications.value, userId)));
}

export async function deleteSessionsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * What keeps an account from being deleted (decision 034), projects first:
 * - every project of the user not yet settled (running, upcoming, ended and waiting for settlement, or
 *   with the card refund still to be made), and every one whose payout to the owner is still owed;
 *   soft-deleted and cancelled projects count too, their money may still be on its way;
 * - every payment form of the user still open (a deposit or a donation being paid): paid after the
 *   deletion, it would make a project or a donation of nobody. Reconciliation closes an abandoned form
 *   24 hours after it was started.
 */
export async function selectDeletionBlockers(db: Executor, userId: string): Promise<DeletionBlocker[]> {
  const rows = await db.execute<DeletionBlocker>(
    sql`select 'project' as kind, p.id::text as id, p.title, p.created_at as at from projects p
         left join settlements s on s.project_id = p.id
         where p.user_id = ${userId}
           and (p.project_status <> 'settled' or s.payout_status = 'pending')
        union all
        select 'payment', pay.id::text, coalesce(pay.draft ->> 'title', pr.title, 'a donation'), pay.created_at
          from payments pay left join projects pr on pr.id = pay.project_id
         where pay.user_id = ${userId} and pay.status in ('requires_payment', 'processing', 'failed')
        order by 1 desc, 4, 2`,
  );
  return rows.rows.map(({ kind, id, title }) => ({ kind, id, title }));
}

export type DeletionBlocker = { kind: 'project' | 'payment'; id: string; title: string };

/** The stored files of a user: check-in photos and thumbnails, and their projects' uploaded covers. */
export async function selectUploadUrls(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx.execute<{ url: string }>(
    sql`select url from (
          select photo_url as url from project_checkins where user_id = ${userId}
          union select photo_thumb_url from project_checkins where user_id = ${userId}
          union select image_url from projects where user_id = ${userId}) u
        where url is not null`,
  );
  return rows.rows.map((r) => r.url);
}

/**
 * Erases the personal data of an account in one transaction, keeping its row as a tombstone (decision
 * 034). Payments, settlements and the ledger keep pointing at the row: amounts and dates stay, the
 * person's details go.
 */
export async function eraseAccount(tx: Tx, account: AccountRow, now: Date): Promise<void> {
  const userId = account.id;
  // What others could read: check-ins keep their date (the project's record stays true), not their words,
  // photos or videos; projects keep title, tag and money, lose description and cover, and leave every list.
  await tx
    .update(projectCheckins)
    .set({
      updateText: null,
      photoUrl: null,
      photoThumbUrl: null,
      videoUrl: null,
      videoType: null,
      isCoverPhoto: false,
    })
    .where(eq(projectCheckins.userId, userId));
  await tx
    .update(projects)
    .set({ description: '', imageUrl: null, visibility: 'unlisted', reminderOverride: null, updatedAt: now })
    .where(eq(projects.userId, userId));
  // Donations the user made: the name, address and message they gave go; the amounts stay.
  await tx.execute(
    sql`update donations d set donor_name = null, donor_email = null, donor_anonymous = true,
               message = null, show_amount = false, message_hidden_at = null
          from payments p where p.id = d.payment_id and p.user_id = ${userId}`,
  );
  // The payments' copies of those details, and the consent's address and browser (its version and time stay).
  await tx.execute(
    sql`update payments set metadata = metadata - 'donorName' - 'donorEmail' - 'message',
               draft = case when draft is null then null else draft - 'description' end,
               terms_ip = null, terms_user_agent = null, updated_at = ${now}
         where user_id = ${userId}`,
  );
  await tx.delete(userFavorites).where(eq(userFavorites.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  // Exports of the account's data (their files go with the export folder after the commit).
  await tx.delete(dataExports).where(eq(dataExports.userId, userId));
  // The browsers that received the account's pushes.
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(newsletterSubscribers).where(sql`${newsletterSubscribers.email} = lower(${account.email})`);
  // Emails not yet sent to the address (reminders, notices) are not sent.
  await tx.execute(
    sql`delete from graphile_worker._private_jobs
         where locked_at is null and lower(payload->'message'->>'to') = lower(${account.email})`,
  );
  // Signing in ends: sessions, the password, reset and email-change links.
  await deleteSessionsOf(tx, userId);
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx
    .delete(verifications)
    .where(
      sql`${verifications.value} = ${userId} or ${linkOwner('change-email')} = ${userId} or ${linkOwner('undo-email-change')} = ${userId}`,
    );
  await tx
    .update(users)
    .set({
      email: `deleted-${crypto.randomUUID()}@deleted.invalid`,
      name: '',
      username: null,
      image: null,
      emailVerified: false,
      timezone: 'UTC',
      reminderPrefs: null,
      notificationToken: null,
      calendarToken: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.insert(accountDeletions).values({ deletedAt: now });
}

export type { Db };
