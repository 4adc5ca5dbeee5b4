// Adding a check-in: owner only, before the end only; an optional photo is checked, cleaned and stored
// first, and removed again if the check-in cannot be saved.
import { checkInFileName, localDateOf, projectSummary, type ProjectSummary } from '@kept/domain';
import type { CheckInData, CheckInDto, SessionUser } from '@kept/contract';
import { StorageKeyTakenError, type Storage } from '../../adapters/storage/storage.ts';
import type { Clock } from '../../clock.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import {
  PROJECT_NOT_FOUND,
  findOwnedProject,
  ownedBy,
  scheduleOf,
  type ScheduleColumns,
} from '../projects/access.ts';
import { computeProjectCounters, validUntilValue } from '../projects/counters.ts';
import { processPhoto } from './photo.ts';

export const PROJECT_ENDED = 'This project has ended, so it no longer takes check-ins.';

/** A check-in row as plain SQL reads it (dates as 'YYYY-MM-DD' strings, see db/client.ts). */
export type CheckInDbRow = Omit<CheckInDto, 'createdAt' | 'videoType'> & {
  createdAt: Date;
  videoType: string | null;
};
type LockedProject = ScheduleColumns & { id: string; userId: string };

// The check-in transaction is plain parameterised SQL: it is the busiest write (decision 010).

/**
 * Locks the project. It also tells the check-in trigger that this transaction writes the counters
 * itself (migration 0009), so the insert does not first mark them due with a write of its own.
 */
const LOCK_SQL = `select id, user_id as "userId", created_at as "createdAt", end_date as "endDate",
  total_length_days as "totalLengthDays", check_in_frequency_days as "checkInFrequencyDays",
  project_timezone as "projectTimezone", paused_periods as "pausedPeriods", ended_early_at as "endedEarlyAt",
  set_config('kept.counters_written', 'on', true) as "countersWritten"
  from projects where id = $1 and deleted_at is null for update`;
/**
 * Inserts the check-in and reads, in the same statement, which local dates the project already had
 * a check-in on: the schedule needs only those, one row per date (a check-in without a project date,
 * from before those were stored, is dated by its own time). The dates come from the statement's
 * snapshot, so they are the ones before this insert; `withNewDate` adds the new one.
 */
const INSERT_SQL = `with inserted as (
  insert into project_checkins (project_id, user_id, update_text, photo_url, photo_thumb_url,
  video_url, video_type, is_cover_photo, check_in_timezone, check_in_local_date, check_in_project_date, created_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
  returning id, project_id as "projectId", update_text as "updateText", photo_url as "photoUrl",
  photo_thumb_url as "photoThumbUrl", video_url as "videoUrl", video_type as "videoType",
  is_cover_photo as "isCoverPhoto", check_in_timezone as "checkInTimezone",
  check_in_local_date as "checkInLocalDate", check_in_project_date as "checkInProjectDate",
  created_at as "createdAt")
select inserted.*, coalesce((select json_agg(json_build_array(d.day, d.first)) from (
    select check_in_project_date as day, min(created_at) as first from project_checkins where project_id = $1
     group by check_in_project_date, case when check_in_project_date is null then created_at end) d),
  '[]') as "earlierDates"
  from inserted`;
type InsertedRow = CheckInDbRow & { earlierDates: [string | null, string][] };
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
const UPDATE_SQL = `update projects set next_checkin_date = $2, completed_checkins = $3, missed_checkins = $4,
  counters_valid_until = $5::timestamptz, updated_at = $6, image_url = coalesce($7, image_url)
  where id = $1`;
type Log = { warn: (o: object, m: string) => void };

export function toCheckInDto(row: CheckInDbRow): CheckInDto {
  return {
    id: row.id,
    projectId: row.projectId,
    updateText: row.updateText,
    photoUrl: row.photoUrl,
    photoThumbUrl: row.photoThumbUrl,
    videoUrl: row.videoUrl,
    videoType: row.videoType === 'youtube' ? 'youtube' : null,
    isCoverPhoto: row.isCoverPhoto,
    checkInTimezone: row.checkInTimezone,
    checkInLocalDate: row.checkInLocalDate,
    checkInProjectDate: row.checkInProjectDate,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createCheckInService(deps: { db: Db; storage: Storage; clock: Clock; log: Log }) {
  const { db, storage, clock } = deps;
  const pool = db.$client;

  /** Store under 'checkin_{project}_{timestamp}.{ext}'; a taken name moves the timestamp on by 1 ms. */
  async function putUnique(projectId: string, at: Date, ext: string, image: Buffer, mime: string) {
    for (let attempt = 0; ; attempt++) {
      const name = checkInFileName(projectId, at.getTime() + attempt, `photo.${ext}`);
      try {
        return { name, url: await storage.put(`checkins/${projectId}/${name}`, image, mime) };
      } catch (err) {
        if (!(err instanceof StorageKeyTakenError) || attempt >= 20) throw err;
      }
    }
  }

  async function storePhoto(projectId: string, bytes: Buffer, at: Date) {
    const photo = await processPhoto(bytes);
    const { name, url: photoUrl } = await putUnique(projectId, at, photo.ext, photo.image, photo.mime);
    const imageKey = `checkins/${projectId}/${name}`;
    const thumbKey = `checkins/${projectId}/thumbs/${name}.webp`;
    const keys: string[] = [imageKey];
    try {
      const photoThumbUrl = await storage.put(thumbKey, photo.thumbnail, 'image/webp');
      keys.push(thumbKey);
      return { photoUrl, photoThumbUrl, keys };
    } catch (err) {
      await removeAll(keys);
      throw err;
    }
  }

  async function removeAll(keys: string[]) {
    for (const key of keys) {
      await storage
        .remove(key)
        .catch((err: unknown) => deps.log.warn({ err, key }, 'could not remove an upload'));
    }
  }

  return {
    async add(input: {
      projectId: string;
      user: SessionUser;
      fields: CheckInData;
      photo?: Buffer;
    }): Promise<{ checkIn: CheckInDto; summary: ProjectSummary }> {
      const now = clock.now();
      let stored: Awaited<ReturnType<typeof storePhoto>> | undefined;
      if (input.photo) {
        // Refuse before cleaning and storing a photo for nothing.
        const project = await findOwnedProject(db, input.projectId, input.user);
        if (projectSummary(scheduleOf(project), [], now).ended)
          throw new DomainError('project_ended', PROJECT_ENDED);
        stored = await storePhoto(project.id, input.photo, now);
      } else if (!isUuid(input.projectId)) {
        throw new DomainError('not_found', PROJECT_NOT_FOUND);
      }
      try {
        return await inTransaction(pool, async (client) => {
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
        if (stored) await removeAll(stored.keys);
        throw err;
      }
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
