// Settings: one of the listed timezones (the contract checks it).
import type { SettingsResponse, SessionUser } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { updateTimezone } from './queries.ts';

export async function changeTimezone(
  deps: { db: Db; clock: Clock },
  user: SessionUser,
  timezone: string,
): Promise<SettingsResponse> {
  const row = await updateTimezone(deps.db, user.id, timezone, deps.clock.now());
  if (!row) throw new DomainError('not_found', 'User not found');
  return row;
}
