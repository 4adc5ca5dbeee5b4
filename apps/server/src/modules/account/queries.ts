// Settings' SQL: a user's username and timezone.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type SettingsRow = { username: string | null; timezone: string };

const settingsColumns = { username: users.username, timezone: users.timezone };

export async function selectSettings(db: Db, userId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** Sets the user's username (and better-auth's display name with it); the row as it is now. */
export async function updateUsername(
  db: Db,
  userId: string,
  username: string,
  now: Date,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ username, name: username, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(settingsColumns);
  return row;
}

export async function updateTimezone(
  db: Db,
  userId: string,
  timezone: string,
  now: Date,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ timezone, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(settingsColumns);
  return row;
}
