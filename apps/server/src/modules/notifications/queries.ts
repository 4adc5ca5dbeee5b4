// Check-in reminders' SQL.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Turns reminders off for the user holding `token`; false when no user holds it. */
export async function disableRemindersByToken(db: Db, token: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ remindersEnabled: false })
    .where(eq(users.notificationToken, token))
    .returning({ id: users.id });
  return updated.length > 0;
}
