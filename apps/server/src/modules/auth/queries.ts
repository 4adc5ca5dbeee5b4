// The accounts' own SQL beside better-auth's: usernames, and the reset links better-auth stores.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { RESET_LINK_PREFIX } from './auth.ts';

/** The id of the account with this (normalized) address, if any. */
export async function selectUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const rows = await db.execute<{ id: string }>(sql`select id from users where email = ${email} limit 1`);
  return rows.rows[0]?.id;
}

/** Is the username someone's (case-insensitively), other than `exceptUserId`'s? */
export async function isUsernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from users where lower(username) = lower(${username}) and id is distinct from ${exceptUserId ?? null} limit 1`,
  );
  return rows.rows.length > 0;
}

/**
 * Is the reset link unused and unexpired? Its expiry is written by better-auth from the system clock,
 * and better-auth checks it by that clock when the link is used: this check asks the same clock (the
 * database's), so the page never says a link works that the reset then refuses.
 */
export async function isResetLinkLive(db: Db, token: string): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from verifications where identifier = ${RESET_LINK_PREFIX + token} and expires_at > now()`,
  );
  return rows.rows.length > 0;
}

/** The address of the account a reset link belongs to, if the link exists. */
export async function selectResetLinkOwnerEmail(db: Db, token: string): Promise<string | undefined> {
  const owner = await db.execute<{ email: string }>(
    sql`select u.email from verifications v join users u on u.id = v.value
         where v.identifier = ${RESET_LINK_PREFIX + token}`,
  );
  return owner.rows[0]?.email;
}

/** Whether the account of `email` has confirmed it; null when no account has that address. */
export async function isEmailVerified(db: Db, email: string): Promise<boolean | null> {
  const rows = await db.execute<{ verified: boolean }>(
    sql`select email_verified as verified from users where lower(email) = lower(${email}) limit 1`,
  );
  return rows.rows[0]?.verified ?? null;
}
