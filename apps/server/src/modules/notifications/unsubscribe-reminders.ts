// The unsubscribe link of every reminder turns the token owner's reminder emails off.
import type { Db } from '../../db/client.ts';
import { disableReminderEmailsByToken } from './queries.ts';

/** False when the token is malformed or unknown. */
export async function unsubscribeReminders(db: Db, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(token)) return false;
  return disableReminderEmailsByToken(db, token);
}
