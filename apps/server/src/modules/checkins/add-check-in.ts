// Adding a check-in: owner only, before the end only; an optional photo is checked, cleaned and stored
// first, and removed again if the check-in cannot be saved.
import { checkInFileName, localDateOf, projectSummary, type ProjectSummary } from '@kept/domain';
import type { CheckInData, CheckInDto, SessionUser } from '@kept/contract';
import { StorageKeyTakenError, type Storage } from '../../adapters/storage/storage.ts';
import type { Clock } from '../../clock.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { PROJECT_NOT_FOUND, findOwnedProject, ownedBy, scheduleOf } from '../projects/access.ts';
import { computeProjectCounters, validUntilValue } from '../projects/counters.ts';
import { processPhoto } from './photo.ts';
import {
  INSERT_SQL,
  LOCK_SQL,
  UPDATE_SQL,
  toCheckInDto,
  type InsertedRow,
  type LockedProject,
} from './queries.ts';

export const PROJECT_ENDED = 'This project has ended, so it no longer takes check-ins.';

export type CheckInDeps = {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: { warn: (o: object, m: string) => void };
};

export type AddCheckInInput = {
  projectId: string;
  user: SessionUser;
  fields: CheckInData;
  photo?: Buffer;
};

export type AddCheckIn = (
  input: AddCheckInInput,
) => Promise<{ checkIn: CheckInDto; summary: ProjectSummary }>;

type DatedCheckIn = { checkInProjectDate: string | null; createdAt: Date };

/** The project's check-in dates before `row` was inserted, plus `row`'s (the earliest time per date). */
export function withNewDate(row: InsertedRow): DatedCheckIn[] {
  const dates: DatedCheckIn[] = row.earlierDates.map(([day, first]) => ({
    checkInProjectDate: day,
    createdAt: new Date(first),
  }));
  const sameDay = dates.find((d) => d.checkInProjectDate === row.checkInProjectDate);
  if (!sameDay) dates.push({ checkInProjectDate: row.checkInProjectDate, createdAt: row.createdAt });
  else if (row.createdAt < sameDay.createdAt) sameDay.createdAt = row.createdAt;
  return dates;
}

/** Store under 'checkin_{project}_{timestamp}.{ext}'; a taken name moves the timestamp on by 1 ms. */
async function putUnique(
  storage: Storage,
  projectId: string,
  at: Date,
  ext: string,
  image: Buffer,
  mime: string,
) {
  for (let attempt = 0; ; attempt++) {
    const name = checkInFileName(projectId, at.getTime() + attempt, `photo.${ext}`);
    try {
      return { name, url: await storage.put(`checkins/${projectId}/${name}`, image, mime) };
    } catch (err) {
      if (!(err instanceof StorageKeyTakenError) || attempt >= 20) throw err;
    }
  }
}

export async function removeAll(deps: CheckInDeps, keys: string[]) {
  for (const key of keys) {
    await deps.storage
      .remove(key)
      .catch((err: unknown) => deps.log.warn({ err, key }, 'could not remove an upload'));
  }
}

/** Cleans and stores a photo and its thumbnail; returns their URLs and storage keys. */
export async function storePhoto(deps: CheckInDeps, projectId: string, bytes: Buffer, at: Date) {
  const photo = await processPhoto(bytes);
  const { name, url: photoUrl } = await putUnique(
    deps.storage,
    projectId,
    at,
    photo.ext,
    photo.image,
    photo.mime,
  );
  const imageKey = `checkins/${projectId}/${name}`;
  const thumbKey = `checkins/${projectId}/thumbs/${name}.webp`;
  const keys: string[] = [imageKey];
  try {
    const photoThumbUrl = await deps.storage.put(thumbKey, photo.thumbnail, 'image/webp');
    keys.push(thumbKey);
    return { photoUrl, photoThumbUrl, keys };
  } catch (err) {
    await removeAll(deps, keys);
    throw err;
  }
}

export async function addCheckIn(
  deps: CheckInDeps,
  input: AddCheckInInput,
): Promise<{ checkIn: CheckInDto; summary: ProjectSummary }> {
  const { db } = deps;
  const now = deps.clock.now();
  let stored: Awaited<ReturnType<typeof storePhoto>> | undefined;
  if (input.photo) {
    // Refuse before cleaning and storing a photo for nothing.
    const project = await findOwnedProject(db, input.projectId, input.user);
    if (projectSummary(scheduleOf(project), [], now).ended)
      throw new DomainError('project_ended', PROJECT_ENDED);
    stored = await storePhoto(deps, project.id, input.photo, now);
  } else if (!isUuid(input.projectId)) {
    throw new DomainError('not_found', PROJECT_NOT_FOUND);
  }
  try {
    return await inTransaction(db.$client, async (client) => {
      const { rows: found } = await client.query<LockedProject>({
        text: LOCK_SQL,
        values: [input.projectId],
      });
      const locked = ownedBy(found[0], input.user);
      const schedule = scheduleOf(locked);
      if (projectSummary(schedule, [], now).ended) throw new DomainError('project_ended', PROJECT_ENDED);
      const { rows: inserted } = await client.query<InsertedRow>({
        text: INSERT_SQL,
        values: [
          locked.id,
          input.user.id,
          input.fields.updateText,
          stored?.photoUrl ?? null,
          stored?.photoThumbUrl ?? null,
          input.fields.videoUrl,
          input.fields.videoUrl ? 'youtube' : null,
          Boolean(stored && input.fields.isCoverPhoto),
          input.user.timezone,
          localDateOf(now, input.user.timezone),
          localDateOf(now, locked.projectTimezone),
          now,
        ],
      });
      const checkIn = inserted[0]!;
      const all = withNewDate(checkIn);
      const summary = projectSummary(schedule, all, now);
      // The browse counters (missed/completed filters) move with the check-in, in its transaction.
      const counters = computeProjectCounters(schedule, all, now);
      await client.query({
        text: UPDATE_SQL,
        values: [
          locked.id,
          summary.nextCheckIn?.date ?? null,
          counters.completedCheckins,
          counters.missedCheckins,
          validUntilValue(counters.validUntil),
          now,
          stored && input.fields.isCoverPhoto ? stored.photoUrl : null,
        ],
      });
      return { checkIn: toCheckInDto(checkIn), summary };
    });
  } catch (err) {
    if (stored) await removeAll(deps, stored.keys);
    throw err;
  }
}
