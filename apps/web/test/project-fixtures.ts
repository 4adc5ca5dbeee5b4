// Realistic project data for the project screens' tests, computed with the shared rules.
import { toProjectSummaryDto } from '@kept/contract';
import type { CheckInDto, ProjectCard, ProjectDetailResponse, ProjectFacts } from '@kept/contract';
import { DAY_MS, endDateFor, localDateOf, projectSummary, settle } from '@kept/domain';

export const PROJECT_ID = '11111111-1111-4111-8111-111111111111';

export interface DetailOptions {
  /** Days since the project was created (the project started this many days ago). */
  startedDaysAgo?: number;
  lengthDays?: number;
  frequencyDays?: number;
  depositCents?: number;
  refundableCents?: number;
  isOwner?: boolean;
  signedIn?: boolean;
  isFavorite?: boolean;
  /** Extra check-ins after the automatic one: days after the start, with their fields. */
  checkIns?: Array<{ day: number } & Partial<CheckInDto>>;
  now?: number;
}

export function checkIn(createdAt: Date, overrides: Partial<CheckInDto> = {}): CheckInDto {
  const date = localDateOf(createdAt, 'UTC');
  return {
    id: `check-in-${createdAt.getTime()}-${Math.random().toString(36).slice(2, 7)}`,
    projectId: PROJECT_ID,
    updateText: null,
    photoUrl: null,
    photoThumbUrl: null,
    videoUrl: null,
    videoType: null,
    isCoverPhoto: false,
    checkInTimezone: 'UTC',
    checkInLocalDate: date,
    checkInProjectDate: date,
    createdAt: createdAt.toISOString(),
    ...overrides,
  };
}

/** GET /api/projects/:id for a 30-day, weekly Music project owned by alice (user-1) unless told otherwise. */
export function projectDetail(options: DetailOptions = {}): ProjectDetailResponse {
  const now = options.now ?? Date.now();
  const lengthDays = options.lengthDays ?? 30;
  const frequencyDays = options.frequencyDays ?? 7;
  const depositCents = options.depositCents ?? 5000;
  const refundableCents = options.refundableCents ?? depositCents;
  const createdAt = new Date(now - (options.startedDaysAgo ?? 3) * DAY_MS);
  const endDate = endDateFor(createdAt, lengthDays, 'UTC');
  const checkIns = [
    checkIn(createdAt, { id: 'check-in-first', updateText: 'Project created! Day one starts now.' }),
    ...(options.checkIns ?? []).map(({ day, ...fields }) =>
      checkIn(new Date(createdAt.getTime() + day * DAY_MS), fields),
    ),
  ];
  const summary = projectSummary(
    { createdAt, endDate, totalLengthDays: lengthDays, checkInFrequencyDays: frequencyDays, timezone: 'UTC' },
    checkIns.map((c) => ({ checkInProjectDate: c.checkInProjectDate, createdAt: new Date(c.createdAt) })),
    now,
  );
  const isOwner = options.isOwner ?? false;
  const facts: ProjectFacts = {
    id: PROJECT_ID,
    title: 'Practice guitar',
    tag: 'Music',
    description: 'Twenty minutes of scales every day.',
    imageUrl: '/images/categories/music.svg',
    depositCents,
    refundableCents,
    userId: 'user-1',
    username: 'alice',
    createdAt: createdAt.toISOString(),
    endDate: endDate.toISOString(),
    timezone: 'UTC',
    totalLengthDays: lengthDays,
    checkInFrequencyDays: frequencyDays,
    status: summary.status,
    finishingSoon: summary.finishingSoon,
    daysLeftBadge: summary.daysLeftBadge,
  };
  return {
    project: {
      ...facts,
      ownImageUrl: null,
      visibility: 'public',
      updatedAt: createdAt.toISOString(),
      lengthValue: lengthDays,
      lengthUnit: 'days',
      frequencyValue: frequencyDays % 7 === 0 ? frequencyDays / 7 : frequencyDays,
      frequencyUnit: frequencyDays % 7 === 0 ? 'weeks' : 'days',
      summary: toProjectSummaryDto(summary),
    },
    checkIns,
    viewer: {
      isOwner,
      isFavorite: options.isFavorite ?? false,
      signedIn: options.signedIn ?? isOwner,
    },
    refundIfEndedToday: isOwner
      ? settle({
          poolCents: refundableCents,
          depositCents,
          totalCheckIns: summary.totalCheckIns,
          missedCheckIns: summary.missedCheckIns,
        })
      : null,
    settlement: null,
    commitment: {
      charity: {
        id: 'kept-fund',
        name: 'Kept Charity Fund',
        registration: 'Held by Kept for the charities listed',
        site: '/transparency',
      },
      pausedPeriods: [],
      endedEarlyAt: null,
      cancelledAt: null,
    },
  };
}

/** A project as an owner's change answers it (edit, cover, visibility): projectDetail()'s facts. */
export function projectFacts(overrides: Partial<ProjectFacts> = {}): ProjectFacts {
  const {
    ownImageUrl: _own,
    updatedAt: _updated,
    lengthValue: _lv,
    lengthUnit: _lu,
    frequencyValue: _fv,
    frequencyUnit: _fu,
    summary: _summary,
    visibility: _visibility,
    ...facts
  } = projectDetail().project;
  return { ...facts, ...overrides };
}

/** A card for lists (My Projects): what the list shows of projectDetail()'s project. */
export function projectCard(overrides: Partial<ProjectCard> = {}): ProjectCard {
  const { project } = projectDetail();
  const { id, title, tag, imageUrl, refundableCents, status, daysLeftBadge } = project;
  return { id, title, tag, imageUrl, refundableCents, status, daysLeftBadge, ...overrides };
}
