// The transparency page's data: where every cent is, summed from the ledger, shared by every visitor
// for 30 seconds (one ledger pass per 30 s however many ask: lru-cache's fetch).
import type { FastifyInstance } from 'fastify';
import type { TransparencyResponse } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { createSharedCache } from '../browse/cache.ts';
import { transparencyFrom } from './get-transparency.ts';
import { latestTransfers, ledgerSums } from './queries.ts';
import { transparencyRoutes } from './routes.ts';

export const TRANSPARENCY_TTL_MS = 30_000;

export async function registerTransparency(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock },
): Promise<void> {
  const cache = createSharedCache<TransparencyResponse>(deps.clock, {
    ttlMs: TRANSPARENCY_TTL_MS,
    maxEntries: 1,
  });
  const compute = async () => {
    const [sums, transfers] = await Promise.all([
      ledgerSums(deps.db.$client),
      latestTransfers(deps.db.$client),
    ]);
    return transparencyFrom(sums, transfers, deps.clock.now());
  };
  await app.register(transparencyRoutes(() => cache.get('transparency', compute)));
}
