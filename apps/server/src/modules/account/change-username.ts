// Settings: a new username (checked like signup's by the contract); a taken one is 'conflict'.
import type { SettingsResponse, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { usernameTakenError } from '../auth/accounts.ts';
import { updateUsername } from './queries.ts';

export async function changeUsername(
  deps: { db: Db; clock: Clock },
  user: SessionUser,
  username: string,
): Promise<SettingsResponse> {
  let row;
  try {
    row = await updateUsername(deps.db, user.id, username, deps.clock.now());
  } catch (err) {
    // The unique index on the username decides between two takers.
    if (isUniqueViolation(err)) throw usernameTakenError();
    throw err;
  }
  if (!row) throw new DomainError('not_found', 'User not found');
  return row;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
