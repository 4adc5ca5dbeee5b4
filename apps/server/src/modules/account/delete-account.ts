// Settings → Delete my account (issue 24, decision 034). Allowed once none of the user's projects is
// running or waiting for settlement. In one transaction the account's personal data is erased and its
// row becomes a tombstone (payments, settlements and ledger keep pointing at it for the 7 years the law
// asks), every session ends, and the deletion is recorded with its time only. The files go after the
// commit: photos through the storage, the data exports' folder from disk.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AccountDeletionResponse, SessionUser } from '@kept/contract';
import { ACCOUNT_DELETION_MESSAGES, accountDeletionBlockedMessage } from '@kept/domain';
import { DomainError } from '../../http/errors.ts';
import { checkPasswordAgain, type LifecycleDeps } from './lifecycle-deps.ts';
import {
  eraseAccount,
  selectAccount,
  selectDeletionBlockers,
  selectUploadUrls,
} from './lifecycle-queries.ts';

export async function showAccountDeletion(
  deps: LifecycleDeps,
  user: SessionUser,
): Promise<AccountDeletionResponse> {
  return { blockers: await selectDeletionBlockers(deps.db, user.id) };
}

/** The storage key of an uploaded file's URL ('…/checkins/…' or '…/covers/…'); null for outside links. */
function storageKeyOf(url: string): string | null {
  const at = Math.max(url.indexOf('checkins/'), url.indexOf('covers/'));
  return at === -1 ? null : url.slice(at);
}

/** Where the data exports of a user are kept (written by the export feature). */
export const exportsDirOf = (dataDir: string, userId: string) => path.join(dataDir, 'exports', userId);

export async function deleteAccount(deps: LifecycleDeps, user: SessionUser, password: string): Promise<void> {
  await checkPasswordAgain(deps, user.id, password, {
    purpose: 'delete-account',
    field: 'password',
    message: ACCOUNT_DELETION_MESSAGES.passwordWrong,
  });
  const now = deps.clock.now();
  const urls = await deps.db.transaction(async (tx) => {
    // The user's row lock: two deletions (or a deletion and a deposit's project creation, which reads
    // the owner) do not interleave.
    const account = await selectAccount(tx, user.id, true);
    if (!account || account.deletedAt) throw new DomainError('not_found', 'User not found');
    const blockers = await selectDeletionBlockers(tx, user.id);
    if (blockers.length > 0)
      throw new DomainError('conflict', accountDeletionBlockedMessage(blockers.map((b) => b.title)));
    const found = await selectUploadUrls(tx, user.id);
    await eraseAccount(tx, account, now);
    return found;
  });
  for (const url of urls) {
    const key = storageKeyOf(url);
    if (key)
      await deps.storage
        .remove(key)
        .catch((err: unknown) => deps.log.warn({ err, key }, 'could not remove a deleted account’s photo'));
  }
  await fs.rm(exportsDirOf(deps.dataDir, user.id), { recursive: true, force: true });
  deps.log.info({}, 'account deleted');
}
