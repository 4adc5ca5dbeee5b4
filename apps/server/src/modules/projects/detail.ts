// One project as its page shows it: the card fields plus the full description and units, the
// check-ins oldest first, the schedule summary from the shared rules, what the viewer may do, and for
// the owner the refund the project would give if it ended today (the domain's settle).
import { projectSummary, settle } from '@kept/domain';
import type { ProjectDetailResponse, SessionUser } from '@kept/contract';
import { toProjectSummaryDto } from '@kept/contract';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { toCheckInDto, type CheckInDbRow } from '../checkins/service.ts';
import { settlementStatementFor } from '../settlement/statement.ts';
import { isUuid } from '../../http/validate.ts';
import { CARD_SELECT_SQL, toProjectCard, type CardRow } from './cards.ts';

type DetailRow = CardRow & {
  fullDescription: string;
  ownImageUrl: string | null;
  updatedAt: Date;
  lengthValue: number;
  lengthUnit: 'days' | 'weeks' | 'months';
  frequencyValue: number;
  frequencyUnit: 'days' | 'weeks';
};

export const PROJECT_SQL = `select ${CARD_SELECT_SQL}, p.description as "fullDescription", p.image_url as "ownImageUrl",
  p.updated_at as "updatedAt", p.total_length_value as "lengthValue", p.total_length_unit as "lengthUnit",
  p.check_in_frequency_value as "frequencyValue", p.check_in_frequency_unit as "frequencyUnit"
  from projects p
 where p.id = $1 and p.deleted_at is null`;

export const CHECKINS_SQL = `select c.id, c.project_id as "projectId", c.update_text as "updateText", c.photo_url as "photoUrl",
  c.photo_thumb_url as "photoThumbUrl", c.video_url as "videoUrl", c.video_type as "videoType",
  c.is_cover_photo as "isCoverPhoto", c.check_in_timezone as "checkInTimezone",
  c.check_in_local_date::text as "checkInLocalDate", c.check_in_project_date::text as "checkInProjectDate",
  c.created_at as "createdAt"
  from project_checkins c where c.project_id = $1 order by c.created_at, c.id`;

const FAVORITE_SQL = 'select 1 from user_favorites where user_id = $1 and project_id = $2';

/** The project page's data, or null when the id names no live project. */
export async function loadProjectDetail(
  db: Db,
  clock: Clock,
  id: string,
  viewer: SessionUser | null,
): Promise<ProjectDetailResponse | null> {
  if (!isUuid(id)) return null;
  const pool: pg.Pool = db.$client;
  const [projectResult, checkInResult, favoriteResult] = await Promise.all([
    pool.query<DetailRow>({ text: PROJECT_SQL, values: [id] }),
    pool.query<CheckInDbRow>({ text: CHECKINS_SQL, values: [id] }),
    viewer ? pool.query(FAVORITE_SQL, [viewer.id, id]) : Promise.resolve(null),
  ]);
  const row = projectResult.rows[0];
  if (!row) return null;
  const now = clock.now();
  const checkIns = checkInResult.rows;
  const summary = projectSummary(
    {
      createdAt: row.createdAt,
      endDate: row.endDate,
      totalLengthDays: row.totalLengthDays,
      checkInFrequencyDays: row.checkInFrequencyDays,
      timezone: row.projectTimezone,
    },
    checkIns,
    now,
  );
  const isOwner = viewer?.id === row.userId;
  const isFavorite = (favoriteResult?.rowCount ?? 0) > 0;
  const card = toProjectCard(row, now, viewer ? new Set(isFavorite ? [row.id] : []) : undefined);
  return {
    project: {
      ...card,
      description: row.fullDescription,
      ownImageUrl: row.ownImageUrl,
      updatedAt: row.updatedAt.toISOString(),
      lengthValue: row.lengthValue,
      lengthUnit: row.lengthUnit,
      frequencyValue: row.frequencyValue,
      frequencyUnit: row.frequencyUnit,
      summary: toProjectSummaryDto(summary),
    },
    checkIns: checkIns.map(toCheckInDto),
    viewer: { isOwner, isFavorite, signedIn: viewer !== null },
    refundIfEndedToday: isOwner
      ? settle({
          poolCents: row.refundableAmount,
          depositCents: row.depositAmount,
          totalCheckIns: summary.totalCheckIns,
          missedCheckIns: summary.missedCheckIns,
        })
      : null,
    settlement: await settlementStatementFor(db, row, checkIns, now),
  };
}
