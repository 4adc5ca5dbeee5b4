// The signed-in user's settings: username and timezone.
import type { SettingsResponse, SessionUser } from '@kept/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { selectSettings } from './queries.ts';

export async function showSettings(db: Db, user: SessionUser): Promise<SettingsResponse> {
  const row = await selectSettings(db, user.id);
  if (!row) throw new DomainError('not_found', 'User not found');
  return row;
}
