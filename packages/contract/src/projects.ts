// Projects: create (deposit), edit, check-ins, listings, detail, favorites, filters.
import {
  CALENDAR_STATUSES,
  CARD_AMOUNT_KINDS,
  CHECK_IN_MESSAGES,
  FILTER_PAGE_SIZE,
  LENGTH_UNITS,
  FREQUENCY_UNITS,
  PROGRESS_BANDS,
  PROJECT_MESSAGES,
  PROJECT_STATUSES,
  defaultFilters,
  parseYouTubeUrl,
  validateCheckInDraft,
  validateProjectDraft,
  validateProjectEdit,
} from '@kept/domain';
import type { ProjectFilters, ProjectSummary } from '@kept/domain';
import { z } from 'zod';
import {
  IsoDateTimeSchema,
  LocalDateSchema,
  NUMBER_MESSAGE,
  looseBoolean,
  looseNumber,
  looseText,
} from './common.ts';

// ---------- requests ----------

/**
 * The deposit in cents as sent; anything that is not a finite number becomes NaN so that the domain's
 * `validateDepositCents` says what is wrong with it (the same words the create form shows).
 */
const looseDepositCents = z.preprocess(
  (value) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      return null;
    const number = typeof value === 'string' ? Number(value.trim()) : value;
    return typeof number === 'number' && Number.isFinite(number) ? number : Number.NaN;
  },
  z.union([z.number(), z.nan()]).nullable(),
);

/**
 * The create-project draft. Validation is the domain's `validateProjectDraft` (required fields,
 * deposit, custom range, half-length rule, with the spec's messages). Output: the normalized draft
 * with lengthDays, frequencyDays and chargeCents.
 */
export const CreateProjectRequestSchema = z
  .object({
    title: looseText(PROJECT_MESSAGES.required),
    description: looseText(PROJECT_MESSAGES.required),
    tag: looseText(PROJECT_MESSAGES.required),
    lengthValue: looseNumber(PROJECT_MESSAGES.required),
    lengthUnit: looseText(PROJECT_MESSAGES.required),
    frequencyValue: looseNumber(PROJECT_MESSAGES.required),
    frequencyUnit: looseText(PROJECT_MESSAGES.required),
    depositCents: looseDepositCents,
  })
  .transform((value, ctx) => {
    const result = validateProjectDraft(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message, path: [result.field] });
      return z.NEVER;
    }
    return result.value;
  });
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;
export type CreateProjectData = z.output<typeof CreateProjectRequestSchema>;

// ---------- the cover ----------

/** The cover picker's words, the same on the server and in the web app. */
export const COVER_MESSAGES = {
  urlRefused: 'Covers are pictures you upload or one of your check-in photos, not addresses.',
  notACheckInPhoto: "Choose one of this project's check-in photos.",
  noFile: 'Please choose a picture to upload.',
  failed: 'The cover could not be changed. Please try again.',
} as const;

/**
 * Covers come from Kept: no edit sets one from an address (a picture every visitor's browser would
 * fetch from someone else's server). Absent or empty is allowed, for clients that still send the field.
 */
const NO_COVER_URL = z.literal('', { error: COVER_MESSAGES.urlRefused }).optional();

/**
 * PUT /api/projects/:id/cover: one of the project's own check-in photos, or none (the tag's default
 * picture). An uploaded picture goes to POST /api/projects/:id/cover (multipart, file field `photo`).
 */
export const ChooseCoverRequestSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('check-in'), checkInId: z.string() }),
  z.object({ source: z.literal('tag') }),
]);
export type ChooseCoverRequest = z.input<typeof ChooseCoverRequestSchema>;

/** Edit dialog: name, description and tag required (as at creation). The cover has routes of its own; an address for one is refused. */
export const EditProjectRequestSchema = z
  .object({
    title: looseText(PROJECT_MESSAGES.required),
    description: looseText(PROJECT_MESSAGES.required),
    tag: looseText(PROJECT_MESSAGES.required),
    imageUrl: NO_COVER_URL,
  })
  .transform((value, ctx) => {
    const result = validateProjectEdit(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message, path: [result.field] });
      return z.NEVER;
    }
    return result.value;
  });
export type EditProjectRequest = z.input<typeof EditProjectRequestSchema>;
export type EditProjectData = z.output<typeof EditProjectRequestSchema>;

/**
 * A check-in's fields (JSON, or the text parts of a multipart upload). `hasPhoto` says whether a
 * photo comes with it: text, photo or video is required. A video must be a YouTube link; the output
 * carries its canonical watch URL and id.
 */
export function checkInRequestSchema(options: { hasPhoto: boolean }) {
  return z
    .object({
      updateText: looseText(CHECK_IN_MESSAGES.empty).optional(),
      videoUrl: looseText(CHECK_IN_MESSAGES.invalidVideo).optional(),
      isCoverPhoto: looseBoolean(false),
    })
    .transform((value, ctx) => {
      const error = validateCheckInDraft({ ...value, hasPhoto: options.hasPhoto });
      if (error) {
        const path = error === CHECK_IN_MESSAGES.invalidVideo ? 'videoUrl' : 'updateText';
        ctx.addIssue({ code: 'custom', message: error, path: [path] });
        return z.NEVER;
      }
      const updateText = (value.updateText ?? '').trim();
      const video = parseYouTubeUrl(value.videoUrl ?? '');
      return {
        updateText: updateText === '' ? null : updateText,
        videoUrl: video?.watchUrl ?? null,
        videoId: video?.id ?? null,
        isCoverPhoto: options.hasPhoto && value.isCoverPhoto,
      };
    });
}
/** A check-in without a photo (JSON body). */
export const CheckInRequestSchema = checkInRequestSchema({ hasPhoto: false });
export type CheckInRequest = z.input<typeof CheckInRequestSchema>;
export type CheckInData = z.output<typeof CheckInRequestSchema>;

// ---------- filters (query string) ----------

const MAX_PAGE_SIZE = 200;
const SEARCH_MESSAGE = 'Search text must be 200 characters or less.';

const optionalDate = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? null : value),
  LocalDateSchema.nullable(),
);

const tagList = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return [];
    const items = Array.isArray(value) ? value : [value];
    return items.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
  },
  z.array(z.string().trim()).transform((tags) => tags.filter((tag) => tag !== '')),
);

const finite = looseNumber(NUMBER_MESSAGE).refine((value) => value === null || Number.isFinite(value), {
  message: NUMBER_MESSAGE,
});

const pageLimit = looseNumber(NUMBER_MESSAGE).pipe(z.number().int().min(1).max(MAX_PAGE_SIZE).nullable());
const pageOffset = looseNumber(NUMBER_MESSAGE).pipe(z.number().int().min(0).nullable());

const filterQueryShape = {
  searchText: looseText(SEARCH_MESSAGE).pipe(z.string().max(200, { error: SEARCH_MESSAGE })),
  categoryTags: tagList,
  createdDateFrom: optionalDate,
  createdDateTo: optionalDate,
  endDateFrom: optionalDate,
  endDateTo: optionalDate,
  refundAmountMinCents: finite,
  refundAmountMaxCents: finite,
  missedCheckinsMin: finite,
  missedCheckinsMax: finite,
  completedCheckinsMin: finite,
  completedCheckinsMax: finite,
  projectLengthMin: finite,
  projectLengthMax: finite,
  includeCompleted: looseBoolean(false),
  limit: pageLimit,
  offset: pageOffset,
};

type FilterQueryOutput = z.output<z.ZodObject<typeof filterQueryShape>>;

function toFiltersData({
  limit,
  offset,
  ...filters
}: FilterQueryOutput): ProjectFilters & { limit: number; offset: number } {
  return { ...defaultFilters(), ...filters, limit: limit ?? FILTER_PAGE_SIZE, offset: offset ?? 0 };
}

/**
 * The filter set of spec §3 as a query string: numbers coerced from strings, dates YYYY-MM-DD,
 * categoryTags as 'Art,Music' or repeated, includeCompleted 'true'/'false'. Missing → the defaults.
 * Paging: limit (default 50, at most 200) and offset (default 0).
 */
export const ProjectFiltersQuerySchema = z.object(filterQueryShape).transform(toFiltersData);
export type ProjectFiltersQuery = z.input<typeof ProjectFiltersQuerySchema>;
export type ProjectFiltersData = z.output<typeof ProjectFiltersQuerySchema>;

/**
 * GET /api/projects and GET /api/home: the filter set plus the zone its date bounds are read in
 * (`timeZone`, an IANA name; a signed-in viewer's own zone wins; unknown or missing → UTC).
 */
export const ProjectSearchQuerySchema = z
  .object({
    ...filterQueryShape,
    timeZone: looseText('Please choose a valid timezone.').pipe(z.string().max(64)),
  })
  .transform(({ timeZone, ...rest }) => ({
    ...toFiltersData(rest),
    timeZone: timeZone.trim() === '' ? null : timeZone.trim(),
  }));
export type ProjectSearchQuery = z.input<typeof ProjectSearchQuerySchema>;
export type ProjectSearchData = z.output<typeof ProjectSearchQuerySchema>;

/**
 * GET /api/categories/:slug paging: limit (default 50, at most 200) and offset (default 0); completed
 * projects only with includeCompleted 'true' (the domain's isListed, as on every list).
 */
export const CategoryQuerySchema = z
  .object({ limit: pageLimit, offset: pageOffset, includeCompleted: looseBoolean(false) })
  .transform(({ limit, offset, includeCompleted }) => ({
    limit: limit ?? FILTER_PAGE_SIZE,
    offset: offset ?? 0,
    includeCompleted,
  }));
export type CategoryQuery = z.input<typeof CategoryQuerySchema>;

/** The query-string entries for a filter set: only what differs from the defaults. */
export function filtersToQuery(
  filters: ProjectFilters & { limit?: number; offset?: number; timeZone?: string | null },
): Record<string, string> {
  const defaults = defaultFilters();
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters) as [string, unknown][]) {
    if (key === 'categoryTags') {
      if (Array.isArray(value) && value.length > 0) query[key] = value.join(',');
    } else if (key === 'searchText') {
      if (typeof value === 'string' && value.trim() !== '') query[key] = value;
    } else if (key === 'limit') {
      if (value !== undefined && value !== FILTER_PAGE_SIZE) query[key] = String(value);
    } else if (key === 'offset') {
      if (value !== undefined && value !== 0) query[key] = String(value);
    } else if (key === 'timeZone') {
      if (typeof value === 'string' && value !== '') query[key] = value;
    } else if (value !== null && value !== undefined && value !== defaults[key as keyof ProjectFilters]) {
      query[key] = String(value);
    }
  }
  return query;
}

// ---------- responses ----------

export const ProjectStatusSchema = z.enum(PROJECT_STATUSES);
export const LengthUnitSchema = z.enum(LENGTH_UNITS);
export const FrequencyUnitSchema = z.enum(FREQUENCY_UNITS);

export const DaysLeftBadgeSchema = z.object({
  days: z.number().int(),
  colour: z.enum(['red', 'orange', 'yellow']),
  text: z.string(),
});

export const NextCheckInSchema = z.object({
  date: LocalDateSchema,
  overdue: z.boolean(),
  label: z.string(),
  colour: z.enum(['red', 'yellow', 'orange', 'green']),
});

/** The domain's ProjectSummary with instants as ISO strings. */
export const ProjectSummarySchema = z.object({
  status: ProjectStatusSchema,
  listStatus: z.enum(['active', 'completed']),
  timezone: z.string(),
  today: LocalDateSchema,
  startDate: LocalDateSchema,
  endDate: LocalDateSchema,
  startsAt: IsoDateTimeSchema,
  endsAt: IsoDateTimeSchema,
  lengthDays: z.number().int(),
  frequencyDays: z.number().int(),
  totalCheckIns: z.number().int(),
  missedCheckIns: z.number().int(),
  completedCheckIns: z.number().int(),
  nextCheckIn: NextCheckInSchema.nullable(),
  progressPercent: z.number().int().min(0).max(100),
  progressLabel: z.string(),
  progressBand: z.enum(PROGRESS_BANDS),
  daysLeft: z.number().int(),
  daysLeftBadge: DaysLeftBadgeSchema.nullable(),
  finishingSoon: z.boolean(),
  ended: z.boolean(),
});
export type ProjectSummaryDto = z.infer<typeof ProjectSummarySchema>;

/** A domain summary ready for JSON. */
export function toProjectSummaryDto(summary: ProjectSummary): ProjectSummaryDto {
  return { ...summary, startsAt: summary.startsAt.toISOString(), endsAt: summary.endsAt.toISOString() };
}

/**
 * What happened to an ended project's money (RULES.md "Money"): the refund R = floor(P × (t − m) / t)
 * with the project's own numbers, where it went, and how far it has got. Shown on the project page and
 * on My Projects' completed cards; null while the project has not ended.
 * - status: 'processing' (settling, or the card refund is on its way: 5-10 business days),
 *   'refunded' (the provider refunded the card on `refundedAt`), 'failed' (the card refund failed and
 *   is retried at `nextAttemptAt`); `statusText` says it in words ('Refunded on March 31, 2026').
 * - settled: false while the numbers are a preview (the end has passed, settlement has not run yet).
 * - poolCents is P (deposit + donation shares) as it was at settlement: after settlement the project's
 *   refundableCents is 0 (its pool is empty), so show this figure as the project's total.
 * - payout: the part of R above the deposit (plus shares of donations that arrived after settlement),
 *   paid to the creator: 'paid', or 'pending' with a note (e.g. no payout account yet); 'none' if 0.
 */
export const SettlementStatementSchema = z.object({
  status: z.enum(['processing', 'refunded', 'failed']),
  statusText: z.string(),
  settled: z.boolean(),
  settledAt: IsoDateTimeSchema.nullable(),
  poolCents: z.number().int(),
  depositCents: z.number().int(),
  /** P − deposit: the creator shares (80%) of the donations in the pool. */
  donationsCents: z.number().int(),
  totalCheckIns: z.number().int(),
  missedCheckIns: z.number().int(),
  completedCheckIns: z.number().int(),
  refundCents: z.number().int(),
  forfeitCents: z.number().int(),
  refundToCardCents: z.number().int(),
  /** '($50.00 + $80.00) × (1 − 2/5) = $78.00' */
  formula: z.string(),
  refundedAt: IsoDateTimeSchema.nullable(),
  attempts: z.number().int(),
  nextAttemptAt: IsoDateTimeSchema.nullable(),
  payout: z.object({
    cents: z.number().int(),
    paidCents: z.number().int(),
    status: z.enum(['none', 'pending', 'paid']),
    paidAt: IsoDateTimeSchema.nullable(),
    note: z.string().nullable(),
  }),
  /** Donations that succeeded after settlement, settled at once by the same check-ins. */
  lateDonations: z.object({
    creatorCents: z.number().int(),
    payoutCents: z.number().int(),
    forfeitCents: z.number().int(),
  }),
});
export type SettlementStatement = z.infer<typeof SettlementStatementSchema>;

/** A project in lists and carousels. Enough to recompute its schedule with @kept/domain. */
export const ProjectCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  tag: z.string(),
  description: z.string(),
  /** The picture to show: own image, else the tag's default, else the general default. */
  imageUrl: z.string(),
  depositCents: z.number().int(),
  /** Refundable pool (falls back to the deposit). */
  refundableCents: z.number().int(),
  /**
   * A completed project's figure (the domain's cardAmount): the pool at the end, or the settled refund
   * once settled. Absent while the project runs: the card then shows refundableCents (lists stay small).
   */
  amount: z.object({ kind: z.enum(CARD_AMOUNT_KINDS), cents: z.number().int() }).optional(),
  userId: z.string(),
  username: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  endDate: IsoDateTimeSchema,
  timezone: z.string(),
  totalLengthDays: z.number().int().nullable(),
  checkInFrequencyDays: z.number().int().nullable(),
  status: ProjectStatusSchema,
  finishingSoon: z.boolean(),
  daysLeftBadge: DaysLeftBadgeSchema.nullable(),
  isFavorite: z.boolean().optional(),
  /** My Projects' completed cards only: the settlement statement (absent on other lists). */
  settlement: SettlementStatementSchema.nullable().optional(),
});
export type ProjectCard = z.infer<typeof ProjectCardSchema>;

export const CheckInSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  updateText: z.string().nullable(),
  photoUrl: z.string().nullable(),
  photoThumbUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  videoType: z.literal('youtube').nullable(),
  isCoverPhoto: z.boolean(),
  checkInTimezone: z.string(),
  checkInLocalDate: LocalDateSchema,
  checkInProjectDate: LocalDateSchema,
  createdAt: IsoDateTimeSchema,
});
export type CheckInDto = z.infer<typeof CheckInSchema>;

export const ProjectDetailSchema = ProjectCardSchema.extend({
  ownImageUrl: z.string().nullable(),
  updatedAt: IsoDateTimeSchema,
  lengthValue: z.number().int(),
  lengthUnit: LengthUnitSchema,
  frequencyValue: z.number().int(),
  frequencyUnit: FrequencyUnitSchema,
  summary: ProjectSummarySchema,
});
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

/** The domain's `settle` of a pool: refund R, forfeit F, and R split into card refund and payout. */
export const SettlementSchema = z.object({
  poolCents: z.number().int(),
  refundCents: z.number().int(),
  forfeitCents: z.number().int(),
  refundToCardCents: z.number().int(),
  payoutCents: z.number().int(),
});
export type SettlementDto = z.infer<typeof SettlementSchema>;

/**
 * GET one project: the project, its check-ins (oldest first) and what the viewer may do. For the
 * owner only, `refundIfEndedToday`: the shared refund rule applied to the pool with the check-ins
 * missed so far (R = floor(P × (t − m) / t)); null for everyone else.
 */
export const ProjectDetailResponseSchema = z.object({
  project: ProjectDetailSchema,
  checkIns: z.array(CheckInSchema),
  viewer: z.object({ isOwner: z.boolean(), isFavorite: z.boolean(), signedIn: z.boolean() }),
  refundIfEndedToday: SettlementSchema.nullable(),
  /** Once the project has ended: its settlement statement (for everyone); null before the end. */
  settlement: SettlementStatementSchema.nullable(),
});
export type ProjectDetailResponse = z.infer<typeof ProjectDetailResponseSchema>;

/**
 * A filtered list: one page of projects (largest refundable first), how many matched (X of 'X of Y
 * projects found'), how many projects are visible at all (Y), and the page asked for.
 * The server counts matches only so far: up to 1,000, or for a page that deep up to offset + 2 × limit.
 * `totalCapped: false`: `total` is exact. `totalCapped: true`: more than `total` match (the web shows
 * '1,000+'), and more than one further page of them exists.
 */
export const ProjectListResponseSchema = z.object({
  projects: z.array(ProjectCardSchema),
  total: z.number().int().min(0),
  totalCapped: z.boolean(),
  visibleTotal: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;

/** /category/{slug}: heading, one page of projects and how many there are ('{n} project(s) found'). */
export const CategoryResponseSchema = z.object({
  slug: z.string(),
  heading: z.string(),
  projects: z.array(ProjectCardSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type CategoryResponse = z.infer<typeof CategoryResponseSchema>;

/**
 * The home page sections, small carousels whose titles open /category/{slug} for the rest: Favorites
 * (empty for anonymous visitors), Largest Commitments and one per tag (live projects, largest
 * refundable first), Finishing Soon (soonest end first), Editor's Picks (all-time top 8). With a
 * filter in the query, the sections are empty and `results` holds the filtered list instead.
 */
export const HomeResponseSchema = z.object({
  favorites: z.array(ProjectCardSchema),
  topFunded: z.array(ProjectCardSchema),
  finishingSoon: z.array(ProjectCardSchema),
  featured: z.array(ProjectCardSchema),
  byTag: z.array(z.object({ tag: z.string(), slug: z.string(), projects: z.array(ProjectCardSchema) })),
  results: ProjectListResponseSchema.optional(),
});
export type HomeResponse = z.infer<typeof HomeResponseSchema>;

/** My Projects. */
export const MyProjectsResponseSchema = z.object({
  activeProjects: z.array(ProjectCardSchema),
  completedProjects: z.array(ProjectCardSchema),
});
export type MyProjectsResponse = z.infer<typeof MyProjectsResponseSchema>;

export const FavoritesResponseSchema = z.object({ projectIds: z.array(z.string()) });
export const FavoriteToggleResponseSchema = z.object({ projectId: z.string(), favorite: z.boolean() });

export const CalendarStatusSchema = z.enum(CALENDAR_STATUSES);

/** Check-in created. */
export const CheckInResponseSchema = z.object({ checkIn: CheckInSchema, summary: ProjectSummarySchema });

/** A project changed by its owner (edit, cover): the card as lists show it now. */
export const ProjectCardResponseSchema = z.object({ project: ProjectCardSchema });
export type ProjectCardResponse = z.infer<typeof ProjectCardResponseSchema>;

// ---------- path parameters ----------

/** /api/projects/:projectId/…: any text; an id that is not a project's answers 'not_found'. */
export const ProjectIdParamsSchema = z.object({ projectId: z.string() });

/** GET /api/projects/:projectId: ids longer than any id are refused before the database is asked. */
export const ProjectDetailParamsSchema = z.object({ projectId: z.string().max(100) });

/** GET /api/categories/:slug */
export const CategorySlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });
