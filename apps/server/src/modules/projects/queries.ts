// The projects module's SQL: the project page's reads, the owner's writes, and the card of one project.
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ProjectVisibility } from '@kept/domain';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { projectCheckins, projects, userFavorites, users } from '../../db/schema.ts';
import type { CheckInDbRow } from '../checkins/queries.ts';
import { FACTS_SELECT_SQL, cardColumns, type FactsRow } from './cards.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ProjectRow = typeof projects.$inferSelect;

// ---------- the project page (plain SQL: the detail is a hot read, decision 010) ----------

export type DetailRow = FactsRow & {
  fullDescription: string;
  ownImageUrl: string | null;
  updatedAt: Date;
  lengthValue: number;
  lengthUnit: 'days' | 'weeks' | 'months';
  frequencyValue: number;
  frequencyUnit: 'days' | 'weeks';
  charityId: string;
  pausedPeriods: number[];
  endedEarlyAt: Date | null;
  cancelledAt: Date | null;
  visibility: ProjectVisibility;
};

export const PROJECT_SQL = `select ${FACTS_SELECT_SQL}, p.description as "fullDescription", p.image_url as "ownImageUrl",
  p.updated_at as "updatedAt", p.total_length_value as "lengthValue", p.total_length_unit as "lengthUnit",
  p.check_in_frequency_value as "frequencyValue", p.check_in_frequency_unit as "frequencyUnit",
  p.charity_id as "charityId", p.paused_periods as "pausedPeriods", p.ended_early_at as "endedEarlyAt",
  p.cancelled_at as "cancelledAt", p.visibility
  from projects p
 where p.id = $1 and (p.deleted_at is null or p.cancelled_at is not null)`;

export const CHECKINS_SQL = `select c.id, c.project_id as "projectId", c.update_text as "updateText", c.photo_url as "photoUrl",
  c.photo_thumb_url as "photoThumbUrl", c.video_url as "videoUrl", c.video_type as "videoType",
  c.is_cover_photo as "isCoverPhoto", c.check_in_timezone as "checkInTimezone",
  c.check_in_local_date::text as "checkInLocalDate", c.check_in_project_date::text as "checkInProjectDate",
  c.created_at as "createdAt"
  from project_checkins c where c.project_id = $1 order by c.created_at, c.id`;

const FAVORITE_SQL = 'select 1 from user_favorites where user_id = $1 and project_id = $2';

/**
 * The page's three reads at once: the project, its check-ins oldest first, and the viewer's star. The
 * first two are named, so each pooled connection plans them once instead of on every page view (the
 * project page is the most read answer that is not shared; decision 033).
 */
export async function readProjectPage(db: Db, id: string, viewerId: string | null) {
  const pool: pg.Pool = db.$client;
  const [project, checkIns, favorite] = await Promise.all([
    pool.query<DetailRow>({ name: 'kept_project_page_v1', text: PROJECT_SQL, values: [id] }),
    pool.query<CheckInDbRow>({ name: 'kept_project_checkins_v1', text: CHECKINS_SQL, values: [id] }),
    viewerId ? pool.query(FAVORITE_SQL, [viewerId, id]) : Promise.resolve(null),
  ]);
  return {
    project: project.rows[0],
    checkIns: checkIns.rows,
    isFavorite: (favorite?.rowCount ?? 0) > 0,
  };
}

const PAGE_VERSION_SQL = `select p.page_version::text as version from projects p
 where p.id = $1 and (p.deleted_at is null or p.cancelled_at is not null)`;

/**
 * The project page's version (migration 0026: moved by every change the page shows), or undefined
 * when the page does not exist. One primary-key read: what a cached page costs to check.
 */
export async function readPageVersion(db: Db, id: string): Promise<string | undefined> {
  const pool: pg.Pool = db.$client;
  const result = await pool.query<{ version: string }>({
    name: 'kept_project_page_version_v1',
    text: PAGE_VERSION_SQL,
    values: [id],
  });
  return result.rows[0]?.version;
}

// ---------- one project ----------

/** A live (not deleted) project by id; `forUpdate` locks the row inside a transaction. */
export async function selectLiveProject(
  db: Db | Tx,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ProjectRow | undefined> {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), isNull(projects.deletedAt)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The card columns of one project (deleted or not: the caller has just found or changed it). */
export async function selectCardRow(db: Db, id: string): Promise<FactsRow | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, id));
  return row;
}

/** The owner's projects, newest first, as card rows. */
export function selectOwnCardRows(db: Db, userId: string): Promise<FactsRow[]> {
  return db
    .select(cardColumns)
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(and(eq(projects.userId, userId), isNull(projects.deletedAt)))
    .orderBy(desc(projects.createdAt));
}

// ---------- the owner's writes ----------

export async function updateProjectText(
  db: Db,
  id: string,
  text: { title: string; description: string; tag: string },
  now: Date,
): Promise<void> {
  await db
    .update(projects)
    .set({ ...text, updatedAt: now })
    .where(eq(projects.id, id));
}

/** Makes a project `userId` owns and has not deleted public or unlisted; false when it is gone. */
export async function updateVisibility(
  db: Db,
  projectId: string,
  userId: string,
  visibility: ProjectVisibility,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(projects)
    .set({ visibility, updatedAt: now })
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId), isNull(projects.deletedAt)))
    .returning({ id: projects.id });
  return updated.length > 0;
}

/** Marks the project deleted and drops its stars (its payments, check-ins and ledger stay). */
export async function softDeleteProject(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(projects).set({ deletedAt: now, updatedAt: now }).where(eq(projects.id, id));
  await tx.delete(userFavorites).where(eq(userFavorites.projectId, id));
}

/** Sets the cover of a project `userId` owns and has not deleted; false when it is gone. */
export async function updateCover(
  db: Db,
  projectId: string,
  userId: string,
  imageUrl: string | null,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(projects)
    .set({ imageUrl, updatedAt: now })
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId), isNull(projects.deletedAt)))
    .returning({ id: projects.id });
  return updated.length > 0;
}

/** The photo of one of the project's check-ins, if it has one. */
export async function selectCheckInPhoto(
  db: Db,
  projectId: string,
  checkInId: string,
): Promise<string | null> {
  const [chosen] = await db
    .select({ photoUrl: projectCheckins.photoUrl })
    .from(projectCheckins)
    .where(
      and(
        eq(projectCheckins.id, checkInId),
        eq(projectCheckins.projectId, projectId),
        isNotNull(projectCheckins.photoUrl),
      ),
    );
  return chosen?.photoUrl ?? null;
}
