// The check-in's SQL. The check-in transaction is plain parameterised SQL: it is the busiest write
// (decision 010).
import type { CheckInDto } from '@kept/contract';
import type { ScheduleColumns } from '../projects/access.ts';

/** A check-in row as plain SQL reads it (dates as 'YYYY-MM-DD' strings, see db/client.ts). */
export type CheckInDbRow = Omit<CheckInDto, 'createdAt' | 'videoType'> & {
  createdAt: Date;
  videoType: string | null;
};

export type LockedProject = ScheduleColumns & { id: string; userId: string };

/**
 * Locks the project. It also tells the check-in trigger that this transaction writes the counters
 * itself (migration 0009), so the insert does not first mark them due with a write of its own.
 */
export const LOCK_SQL = `select id, user_id as "userId", created_at as "createdAt", end_date as "endDate",
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
export const INSERT_SQL = `with inserted as (
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
export type InsertedRow = CheckInDbRow & { earlierDates: [string | null, string][] };

/** The project's schedule columns after a check-in: next date, counters, and the cover when asked. */
export const UPDATE_SQL = `update projects set next_checkin_date = $2, completed_checkins = $3, missed_checkins = $4,
  counters_valid_until = $5::timestamptz, updated_at = $6, image_url = coalesce($7, image_url)
  where id = $1`;

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
