// Check-in reminders' SQL.
import { DEFAULT_REMINDER_PREFS } from '@kept/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, users } from '../../db/schema.ts';

/**
 * The unsubscribe link: the token owner's reminder emails off — their email channel, and any project's
 * own "email on" — so that no reminder email reaches them any more (push and the moments are left as
 * they were). False when no user holds the token.
 */
export async function disableReminderEmailsByToken(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        reminderPrefs: sql`jsonb_set(coalesce(${users.reminderPrefs}, ${JSON.stringify(DEFAULT_REMINDER_PREFS)}::jsonb), '{channels,email}', 'false'::jsonb)`,
      })
      .where(eq(users.notificationToken, token))
      .returning({ id: users.id });
    if (!user) return false;
    await tx
      .update(projects)
      .set({ reminderOverride: sql`${projects.reminderOverride} #- '{channels,email}'` })
      .where(
        and(
          eq(projects.userId, user.id),
          sql`${projects.reminderOverride} #> '{channels,email}' = 'true'::jsonb`,
        ),
      );
    return true;
  });
}
