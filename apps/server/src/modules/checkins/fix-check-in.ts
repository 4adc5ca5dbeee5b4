// Fixing a check-in (issue 23): its owner may change its text or YouTube link, replace its photo, or
// delete it, within
// CHECK_IN_EDIT_WINDOW_MS of posting it; after that it is permanent. The automatic first check-in is
// Kept's, never the owner's to change. A deletion recomputes the period's accounting in the same
// transaction (next check-in, missed and completed counters), as adding one does.
import {
  checkInEditRefusal,
  parseYouTubeUrl,
  projectSummary,
  validateCheckInDraft,
  type ProjectSummary,
} from '@kept/domain';
import type { CheckInDto, EditCheckInRequest, SessionUser } from '@kept/contract';
import { and, eq, sql } from 'drizzle-orm';
import { projectCheckins, projects } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import type { Tx } from '../ledger/ledger.ts';
import { findOwnedProject, scheduleOf } from '../projects/access.ts';
import { checkInsByProject, computeProjectCounters, validUntilValue } from '../projects/counters.ts';
import { removeAll, storePhoto, type CheckInDeps } from './add-check-in.ts';
import { toCheckInDto } from './queries.ts';

export const CHECK_IN_NOT_FOUND = 'Check-in not found';
export const FIRST_CHECK_IN_FIXED =
  'The first check-in is written by Kept when a project starts and cannot be changed.';

async function lockCheckIn(tx: Tx, user: SessionUser, projectId: string, checkInId: string, now: Date) {
  const project = await findOwnedProject(tx, projectId, user, { forUpdate: true });
  if (!isUuid(checkInId)) throw new DomainError('not_found', CHECK_IN_NOT_FOUND);
  const [checkIn] = await tx
    .select()
    .from(projectCheckins)
    .where(and(eq(projectCheckins.id, checkInId), eq(projectCheckins.projectId, project.id)))
    .for('update');
  if (!checkIn) throw new DomainError('not_found', CHECK_IN_NOT_FOUND);
  if (checkIn.createdAt.getTime() === project.createdAt.getTime())
    throw new DomainError('check_in_locked', FIRST_CHECK_IN_FIXED);
  const refusal = checkInEditRefusal(checkIn.createdAt, now);
  if (refusal) throw new DomainError('check_in_locked', refusal);
  return { project, checkIn };
}

/**
 * Changes a check-in's text or link, and with `photo` replaces its picture: the new one is checked,
 * cleaned and stored first (after the same refusals, so nothing is stored for a refused request), the
 * row points to it in the transaction, and the old files are removed once it commits. A cover taken from
 * the old photo follows to the new one. If the transaction fails, the new files are removed instead.
 */
export async function editCheckIn(
  deps: CheckInDeps,
  input: {
    user: SessionUser;
    projectId: string;
    checkInId: string;
    fields: EditCheckInRequest;
    photo?: Buffer;
  },
): Promise<{ checkIn: CheckInDto; summary: ProjectSummary }> {
  const now = deps.clock.now();
  let stored: Awaited<ReturnType<typeof storePhoto>> | undefined;
  if (input.photo) {
    const { project } = await deps.db.transaction((tx) =>
      lockCheckIn(tx, input.user, input.projectId, input.checkInId, now),
    );
    stored = await storePhoto(deps, project.id, input.photo, now);
  }
  let replaced: { photoUrl: string | null; photoThumbUrl: string | null } | undefined;
  try {
    const result = await editInTransaction(deps, input, now, stored);
    replaced = result.replaced;
    return { checkIn: result.checkIn, summary: result.summary };
  } catch (err) {
    if (stored) await removeAll(deps, stored.keys);
    throw err;
  } finally {
    if (replaced) await removePhotoFiles(deps, replaced);
  }
}

async function editInTransaction(
  deps: CheckInDeps,
  input: { user: SessionUser; projectId: string; checkInId: string; fields: EditCheckInRequest },
  now: Date,
  stored: { photoUrl: string; photoThumbUrl: string } | undefined,
) {
  return deps.db.transaction(async (tx) => {
    const { project, checkIn } = await lockCheckIn(tx, input.user, input.projectId, input.checkInId, now);
    const updateText =
      input.fields.updateText === undefined ? checkIn.updateText : input.fields.updateText || null;
    const video =
      input.fields.videoUrl === undefined ? undefined : parseYouTubeUrl(input.fields.videoUrl ?? '');
    const videoUrl = video === undefined ? checkIn.videoUrl : (video?.watchUrl ?? null);
    const error = validateCheckInDraft({
      updateText: updateText ?? '',
      videoUrl: videoUrl ?? '',
      hasPhoto: stored !== undefined || checkIn.photoUrl !== null,
    });
    if (error) throw new DomainError('validation_error', error, { updateText: error });
    const [row] = await tx
      .update(projectCheckins)
      .set({
        updateText,
        videoUrl,
        videoType: videoUrl ? 'youtube' : null,
        ...(stored ? { photoUrl: stored.photoUrl, photoThumbUrl: stored.photoThumbUrl } : {}),
      })
      .where(eq(projectCheckins.id, checkIn.id))
      .returning();
    // The cover was this check-in's photo: it shows the new one.
    if (stored && checkIn.photoUrl && project.imageUrl === checkIn.photoUrl)
      await tx
        .update(projects)
        .set({ imageUrl: stored.photoUrl, updatedAt: now })
        .where(eq(projects.id, project.id));
    const all = (await checkInsByProject(tx, [project.id])).get(project.id) ?? [];
    return {
      checkIn: toCheckInDto(row!),
      summary: projectSummary(scheduleOf(project), all, now),
      replaced: stored ? { photoUrl: checkIn.photoUrl, photoThumbUrl: checkIn.photoThumbUrl } : undefined,
    };
  });
}

/** Removes a check-in photo's files (uploads only; a failure is logged, the row no longer names them). */
async function removePhotoFiles(
  deps: CheckInDeps,
  photo: { photoUrl: string | null; photoThumbUrl: string | null },
): Promise<void> {
  for (const url of [photo.photoUrl, photo.photoThumbUrl]) {
    const key = url ? storageKeyOf(url) : null;
    if (key)
      await deps.storage
        .remove(key)
        .catch((err: unknown) => deps.log.warn({ err, key }, 'could not remove a replaced check-in photo'));
  }
}

export async function deleteCheckIn(
  deps: CheckInDeps,
  input: { user: SessionUser; projectId: string; checkInId: string },
): Promise<{ summary: ProjectSummary }> {
  const now = deps.clock.now();
  const { summary, removed } = await deps.db.transaction(async (tx) => {
    const { project, checkIn } = await lockCheckIn(tx, input.user, input.projectId, input.checkInId, now);
    await tx.delete(projectCheckins).where(eq(projectCheckins.id, checkIn.id));
    const all = (await checkInsByProject(tx, [project.id])).get(project.id) ?? [];
    const schedule = scheduleOf(project);
    const summary = projectSummary(schedule, all, now);
    const counters = computeProjectCounters(schedule, all, now);
    await tx
      .update(projects)
      .set({
        nextCheckinDate: summary.nextCheckIn?.date ?? null,
        completedCheckins: counters.completedCheckins,
        missedCheckins: counters.missedCheckins,
        countersValidUntil: sql`${validUntilValue(counters.validUntil)}::timestamptz`,
        // The lifecycle looks again: a reminder may be due for the period that is open again.
        nextTickAt: sql`'-infinity'`,
        updatedAt: now,
        // A cover taken from this check-in's photo goes with it (the tag's picture shows instead).
        ...(checkIn.photoUrl && project.imageUrl === checkIn.photoUrl ? { imageUrl: null } : {}),
      })
      .where(eq(projects.id, project.id));
    return { summary, removed: checkIn };
  });
  await removePhotoFiles(deps, removed);
  return { summary };
}

/** The storage key of an uploaded check-in photo's URL ('…/checkins/{project}/…'), or null. */
function storageKeyOf(url: string): string | null {
  const at = url.indexOf('checkins/');
  return at === -1 ? null : url.slice(at);
}
