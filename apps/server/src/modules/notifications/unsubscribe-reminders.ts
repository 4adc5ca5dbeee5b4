// The unsubscribe link of every reminder turns the token owner's check-in reminders off.
import type { Db } from '../../db/client.ts';
import { disableRemindersByToken } from './queries.ts';

/** False when the token is malformed or unknown. */
export async function unsubscribeReminders(db: Db, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(token)) return false;
  return disableRemindersByToken(db, token);
}
