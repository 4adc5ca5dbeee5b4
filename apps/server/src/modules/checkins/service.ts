// Adding a check-in: owner only, before the end only; an optional photo is checked, cleaned and stored
// first, and removed again if the check-in cannot be saved.
import { asc, eq, sql } from 'drizzle-orm';
import { checkInFileName, localDateOf, projectSummary, type ProjectSummary } from '@kept/domain';
import type { CheckInData, CheckInDto, SessionUser } from '@kept/contract';
import { StorageKeyTakenError, type Storage } from '../../adapters/storage/storage.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { projectCheckins, projects } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { findOwnedProject, scheduleOf } from '../projects/access.ts';
import { computeProjectCounters, validUntilValue } from '../projects/counters.ts';
import { processPhoto } from './photo.ts';

export const PROJECT_ENDED = 'This project has ended, so it no longer takes check-ins.';

type CheckInRow = typeof projectCheckins.$inferSelect;
type Log = { warn: (o: object, m: string) => void };

export function toCheckInDto(row: CheckInRow): CheckInDto {
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
      const project = await findOwnedProject(db, input.projectId, input.user);
      if (projectSummary(scheduleOf(project), [], now).ended)
        throw new HttpError(409, 'project_ended', PROJECT_ENDED);

      const stored = input.photo ? await storePhoto(project.id, input.photo, now) : undefined;
      try {
        return await db.transaction(async (tx) => {
          const locked = await findOwnedProject(tx, input.projectId, input.user, { forUpdate: true });
          const schedule = scheduleOf(locked);
          if (projectSummary(schedule, [], now).ended)
            throw new HttpError(409, 'project_ended', PROJECT_ENDED);
          const [row] = await tx
            .insert(projectCheckins)
            .values({
              projectId: locked.id,
              userId: input.user.id,
              updateText: input.fields.updateText,
              photoUrl: stored?.photoUrl ?? null,
              photoThumbUrl: stored?.photoThumbUrl ?? null,
              videoUrl: input.fields.videoUrl,
              videoType: input.fields.videoUrl ? 'youtube' : null,
              isCoverPhoto: Boolean(stored && input.fields.isCoverPhoto),
              checkInTimezone: input.user.timezone,
              checkInLocalDate: localDateOf(now, input.user.timezone),
              checkInProjectDate: localDateOf(now, locked.projectTimezone),
              createdAt: now,
            })
            .returning();
          const all = await tx
            .select({
              checkInProjectDate: projectCheckins.checkInProjectDate,
              createdAt: projectCheckins.createdAt,
            })
            .from(projectCheckins)
            .where(eq(projectCheckins.projectId, locked.id))
            .orderBy(asc(projectCheckins.createdAt));
          const summary = projectSummary(schedule, all, now);
          // The browse counters (missed/completed filters) move with the check-in, in its transaction.
          const counters = computeProjectCounters(schedule, all, now);
          await tx
            .update(projects)
            .set({
              nextCheckinDate: summary.nextCheckIn?.date ?? null,
              completedCheckins: counters.completedCheckins,
              missedCheckins: counters.missedCheckins,
              countersValidUntil: sql`${validUntilValue(counters.validUntil)}::timestamptz`,
              updatedAt: now,
              ...(stored && input.fields.isCoverPhoto ? { imageUrl: stored.photoUrl } : {}),
            })
            .where(eq(projects.id, locked.id));
          return { checkIn: toCheckInDto(row!), summary };
        });
      } catch (err) {
        if (stored) await removeAll(stored.keys);
        throw err;
      }
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
