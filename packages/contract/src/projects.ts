// Projects: the cover, check-ins, listings, detail, favorites, filters.
import { ProjectCommitmentSchema } from './commitments.ts';
import { SEARCH_TEXT_MAX_LENGTH } from './filter-query.ts';
import { COVER_FLAG_MESSAGE, checkInTextFields, toCheckInData } from './check-in-form.ts';
import { COVER_MESSAGES, VISIBILITY_MESSAGE } from './forms.ts';
import {
  CALENDAR_STATUSES,
  CARD_AMOUNT_KINDS,
  CHECK_IN_MESSAGES,
  FILTER_PAGE_SIZE,
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  LENGTH_UNITS,
  FREQUENCY_UNITS,
  PROGRESS_BANDS,
  PROJECT_STATUSES,
  defaultFilters,
  uploadTooLargeMessage,
  PROJECT_VISIBILITIES,
} from '@kept/domain';
import type { ProjectFilters, ProjectSummary } from '@kept/domain';
import { z } from 'zod';
import {
  IsoDateTimeSchema,
  LOCAL_DATE_MESSAGE,
  LocalDateSchema,
  NUMBER_MESSAGE,
  queryNumber,
  textBoolean,
} from './common.ts';

// ---------- requests ----------

/** Who finds the project: 'public' (listed) or 'unlisted' (by its link only). */
export const ProjectVisibilitySchema = z.enum(PROJECT_VISIBILITIES, { error: VISIBILITY_MESSAGE });

/** PUT /api/projects/:id/visibility: the owner makes the project public or unlisted. */
export const ChangeVisibilityRequestSchema = z.object({ visibility: ProjectVisibilitySchema });
export type ChangeVisibilityRequest = z.input<typeof ChangeVisibilityRequestSchema>;

/**
 * PUT /api/projects/:id/cover: one of the project's own check-in photos, or none (the tag's default
 * picture). An uploaded picture goes to POST /api/projects/:id/cover (multipart, file field `photo`).
 */
export const ChooseCoverRequestSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('check-in'), checkInId: z.string() }),
  z.object({ source: z.literal('tag') }),
]);
export type ChooseCoverRequest = z.input<typeof ChooseCoverRequestSchema>;

/**
 * The text fields of a multipart check-in (form fields are text: `isCoverPhoto` is 'true'/'false').
 * `hasPhoto` says whether the form's `photo` file came with them.
 */
export function checkInRequestSchema(options: { hasPhoto: boolean }) {
  return CheckInFormFieldsSchema.transform(toCheckInData(options.hasPhoto));
}
/** The multipart check-in form's text fields, as OpenAPI describes them (the picture is the file field `photo`). */
export const CheckInFormFieldsSchema = z.object({
  ...checkInTextFields,
  isCoverPhoto: textBoolean(COVER_FLAG_MESSAGE).default(false),
});

/**
 * A picture sent in a multipart form's file field `photo`: at most 10 MB, a JPEG, PNG, WebP or GIF by
 * its bytes (the server reads the type from the bytes, never from the name or the stated type).
 */
const PhotoFileSchema = z
  .file({ error: COVER_MESSAGES.noFile })
  .max(MAX_IMAGE_BYTES, { error: uploadTooLargeMessage() })
  .mime([...IMAGE_MIME_TYPES], { error: CHECK_IN_MESSAGES.uploadInvalidType });

/**
 * POST /api/projects/:id/check-ins as multipart/form-data: the text fields and an optional picture.
 * The server streams the parts: the text fields are parsed with CheckInFormFieldsSchema, the picture
 * is checked by its bytes.
 */
export const CheckInFormSchema = CheckInFormFieldsSchema.extend({ photo: PhotoFileSchema.optional() });

/**
 * PATCH /api/projects/:id/check-ins/:checkInId as multipart/form-data (issue 23): a new picture in the
 * file field `photo` replaces the check-in's, with optional text fields changed at the same time.
 */
export const EditCheckInFormSchema = z.object({ ...checkInTextFields, photo: PhotoFileSchema });
export const EditCheckInFormFieldsSchema = z.object(checkInTextFields);

/** POST /api/projects/:id/cover as multipart/form-data: the picture in the file field `photo`. */
export const CoverUploadFormSchema = z.object({ photo: PhotoFileSchema });

// ---------- filters (query string) ----------

const MAX_PAGE_SIZE = 200;
const SEARCH_MESSAGE = `Search text must be ${SEARCH_TEXT_MAX_LENGTH} characters or less.`;

/** A date bound: 'YYYY-MM-DD', or '' / absent for none. */
const queryDate = z
  .union([z.literal(''), LocalDateSchema], { error: LOCAL_DATE_MESSAGE })
  .transform((date) => (date === '' ? null : date))
  .default(null);

/** Tags as 'Art,Music', repeated, or both; blanks dropped. */
const tagList = z
  .union([z.string(), z.array(z.string())], { error: 'Please select a valid category.' })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  )
  .default([]);

/** A numeric bound: a finite number, or '' / absent for none. */
const bound = queryNumber(NUMBER_MESSAGE).default(null);

const pageLimit = queryNumber(NUMBER_MESSAGE)
  .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE).nullable())
  .default(null);
const pageOffset = queryNumber(NUMBER_MESSAGE).pipe(z.number().int().min(0).nullable()).default(null);
const includeCompleted = textBoolean('includeCompleted must be true or false.').default(false);

const filterQueryShape = {
  searchText: z
    .string({ error: SEARCH_MESSAGE })
    .max(SEARCH_TEXT_MAX_LENGTH, { error: SEARCH_MESSAGE })
    .default(''),
  categoryTags: tagList,
  createdDateFrom: queryDate,
  createdDateTo: queryDate,
  endDateFrom: queryDate,
  endDateTo: queryDate,
  refundAmountMinCents: bound,
  refundAmountMaxCents: bound,
  missedCheckinsMin: bound,
  missedCheckinsMax: bound,
  completedCheckinsMin: bound,
  completedCheckinsMax: bound,
  projectLengthMin: bound,
  projectLengthMax: bound,
  includeCompleted,
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
    timeZone: z
      .string({ error: 'Please choose a valid timezone.' })
      .max(64, { error: 'Please choose a valid timezone.' })
      .default(''),
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
  .object({ limit: pageLimit, offset: pageOffset, includeCompleted })
  .transform(({ limit, offset, includeCompleted }) => ({
    limit: limit ?? FILTER_PAGE_SIZE,
    offset: offset ?? 0,
    includeCompleted,
  }));
export type CategoryQuery = z.input<typeof CategoryQuerySchema>;

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
  /** Check-in periods the owner paused (in neither totalCheckIns nor missedCheckIns). */
  pausedCheckIns: z.number().int().min(0),
  ended: z.boolean(),
  /** The owner ended the project before its end date. */
  endedEarly: z.boolean(),
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

/**
 * What the project page says of a project besides its schedule summary: enough to recompute its schedule
 * with @kept/domain.
 */
export const ProjectFactsSchema = z.object({
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
   * once settled. Absent while the project runs: refundableCents is the figure then.
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
  /** Signed-in viewers only: whether they starred it. */
  isFavorite: z.boolean().optional(),
});
export type ProjectFacts = z.infer<typeof ProjectFactsSchema>;

/**
 * A project in lists and carousels: what a card shows (the spec's picture, title, amount, 'Your Project'
 * and days-left badges, the star) and nothing more, so that lists stay small (decision 041).
 */
export const ProjectCardSchema = ProjectFactsSchema.pick({
  id: true,
  title: true,
  tag: true,
  imageUrl: true,
  refundableCents: true,
  amount: true,
  status: true,
  daysLeftBadge: true,
  isFavorite: true,
}).extend({
  /** Signed-in viewers only: whether the project is theirs ('Your Project'). */
  isOwn: z.boolean().optional(),
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

export const ProjectDetailSchema = ProjectFactsSchema.extend({
  ownImageUrl: z.string().nullable(),
  updatedAt: IsoDateTimeSchema,
  lengthValue: z.number().int(),
  lengthUnit: LengthUnitSchema,
  frequencyValue: z.number().int(),
  frequencyUnit: FrequencyUnitSchema,
  summary: ProjectSummarySchema,
  /** Public (listed) or unlisted (reachable by its link only). */
  visibility: ProjectVisibilitySchema,
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
  commitment: ProjectCommitmentSchema,
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
/** A project just changed by its owner (edit, cover, visibility), as its page states it. */
export const ProjectFactsResponseSchema = z.object({ project: ProjectFactsSchema });
export type ProjectFactsResponse = z.infer<typeof ProjectFactsResponseSchema>;

// ---------- path parameters ----------

/** /api/projects/:projectId/…: any text; an id that is not a project's answers 'not_found'. */
export const ProjectIdParamsSchema = z.object({ projectId: z.string() });

/** GET /api/projects/:projectId: ids longer than any id are refused before the database is asked. */
export const ProjectDetailParamsSchema = z.object({ projectId: z.string().max(100) });

/** GET /api/categories/:slug */
export const CategorySlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });
