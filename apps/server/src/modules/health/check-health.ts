// Is the app up, and can it reach its database?
import type { HealthResponse } from '@kept/contract';
import type { Database } from '../../db/client.ts';
import { pingDatabase } from './queries.ts';

export async function checkHealth(database: Database): Promise<HealthResponse> {
  const ok = await pingDatabase(database);
  return { status: ok ? 'ok' : 'error', database: ok ? 'ok' : 'unavailable' };
}
