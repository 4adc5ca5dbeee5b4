// What changing the address and deleting the account need, and the password check they share.
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import type { Limit, RateLimiter } from '../rate-limit/limiter.ts';
import { selectPasswordHash } from './lifecycle-queries.ts';

export type LifecycleDeps = {
  db: Db;
  clock: Clock;
  auth: Auth;
  limiter: RateLimiter;
  storage: Storage;
  /** DATA_DIR: data exports live in `${dataDir}/exports/<userId>/`. */
  dataDir: string;
  baseUrl: string;
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void };
};

/** Password guesses by someone holding a session: as many as sign-in and change-password allow. */
export const PASSWORD_AGAIN_LIMIT = (purpose: string, userId: string): Limit => ({
  key: `${purpose}:user:${userId}`,
  max: 10,
  windowMs: 15 * 60_000,
});

/**
 * Checks the password typed again against the stored hash, with better-auth's own hasher (the one that
 * made the hash). A wrong one is a 400 on `field` with `message`; guesses are counted per account.
 */
export async function checkPasswordAgain(
  deps: LifecycleDeps,
  userId: string,
  password: string,
  refusal: { purpose: string; field: string; message: string },
): Promise<void> {
  const limit = PASSWORD_AGAIN_LIMIT(refusal.purpose, userId);
  await deps.limiter.consume(limit);
  const hash = await selectPasswordHash(deps.db, userId);
  const context = await deps.auth.$context;
  const right = hash !== null && (await context.password.verify({ hash, password }));
  if (!right)
    throw new DomainError('validation_error', refusal.message, { [refusal.field]: refusal.message });
  await deps.limiter.clear(limit);
}
