// The whole Kept schema. snake_case columns as the product spec names them; money is bigint cents.
// Auth tables (users, sessions, accounts, verifications, rate_limits) follow better-auth's model.
import {
  PAYOUT_STATUSES,
  type DataExportState,
  REFUND_STATUSES,
  type ProjectVisibility,
  type ReminderOverride,
  type ReminderPrefs,
} from '@kept/domain';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * The search indexes' pending list, in kB (PostgreSQL's default is 4 MB). A new project, an edit of its
 * words or a change of its status adds its search words to the GIN pending list, which every search
 * reads through until it is merged: at 4 MB that was ~420 pages and 1.1 of a search's 2.9 ms. A small
 * list is merged often, in small steps, by the writer that fills it.
 */
export const GIN_PENDING_LIST_KB = 256;
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------- accounts (better-auth user model + Kept profile fields) ----------

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username'),
    timezone: text('timezone').notNull().default('UTC'),
    /**
     * Check-in reminders: channels, moments, quiet hours (@kept/domain ReminderPrefs); null = the
     * defaults. The link in every reminder email turns its channel off.
     */
    reminderPrefs: jsonb('reminder_prefs').$type<ReminderPrefs>(),
    /** Random token of the reminders' unsubscribe link; made with the first reminder. */
    notificationToken: text('notification_token'),
    /** The secret of the user's calendar feed URL; a new one kills the old URL. */
    calendarToken: text('calendar_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Set when the account was deleted (issue 24): the row stays as a tombstone for the payments,
     * settlements and ledger that point at it, with every personal field blanked (decision 034).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_notification_token_key').on(t.notificationToken),
    uniqueIndex('users_calendar_token_key').on(t.calendarToken),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    /**
     * Home search matches words inside creators' usernames (pg_trgm, case-insensitive). Without a
     * pending list (fastupdate off): every search reads the whole list, and a user's update adds all
     * their username's trigrams to it again (decision 061).
     */
    index('users_username_trgm_idx')
      .using('gin', sql`${t.username} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** That an account was deleted, and when; never whose (decision 034). */
export const accountDeletions = pgTable('account_deletions', {
  id: uuid('id').primaryKey().defaultRandom(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
});

/** Fixed-window request counters shared by every app instance (sign-in, sign-up, reset, …). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

// ---------- projects ----------

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    tag: text('tag').notNull(),
    description: text('description').notNull().default(''),
    /**
     * What the search text is matched against: title, description and tag, lower-cased once when written
     * (a plain LIKE on it is several times cheaper than ILIKE over the concatenation at every search).
     */
    searchDoc: text('search_doc').generatedAlwaysAs(
      (): SQL => sql`lower(${projects.title} || ' ' || ${projects.description} || ' ' || ${projects.tag})`,
    ),
    imageUrl: text('image_url'),
    /** Deposit in cents (excludes the non-refundable fees). */
    depositAmount: cents('deposit_amount').notNull(),
    /** Mirror of the project's refundable-pool ledger balance, in cents; updated in the same transaction. */
    refundableAmount: cents('refundable_amount').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    totalLengthDays: integer('total_length_days').notNull(),
    totalLengthValue: integer('total_length_value').notNull(),
    totalLengthUnit: text('total_length_unit').notNull(),
    checkInFrequencyDays: integer('check_in_frequency_days').notNull(),
    checkInFrequencyValue: integer('check_in_frequency_value').notNull(),
    checkInFrequencyUnit: text('check_in_frequency_unit').notNull(),
    nextCheckinDate: date('next_checkin_date', { mode: 'string' }),
    projectStatus: text('project_status').notNull().default('active'),
    projectTimezone: text('project_timezone').notNull().default('UTC'),
    paymentIntentId: text('payment_intent_id').notNull(),
    paymentCustomerId: text('payment_customer_id'),
    /** Soft delete: the project leaves every list; payments and ledger are kept. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Check-in counters for the home filters (modules/projects/counters.ts, decision 005): satisfied
     * periods and missed periods as of the last refresh, valid until `counters_valid_until` (the next
     * instant a period can close); '-infinity' means never computed, 'infinity' final.
     */
    completedCheckins: integer('completed_checkins').notNull().default(1),
    missedCheckins: integer('missed_checkins').notNull().default(0),
    countersValidUntil: timestamp('counters_valid_until', { withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    /**
     * The next instant the lifecycle job must look at this project (a period starts, a reminder is due,
     * the project ends): decision 007. '-infinity' = as soon as possible (new rows), 'infinity' = never.
     */
    nextTickAt: timestamp('next_tick_at', { withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    /** Where forfeits go: a charity of the vetted list (@kept/domain CHARITIES) or 'kept-fund'. */
    charityId: text('charity_id').notNull().default('kept-fund'),
    /** Check-in periods (k ≥ 1) the owner paused (RULES.md "Pauses"). */
    pausedPeriods: integer('paused_periods')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** When the owner ended the project early: settlement runs at once, unfinished periods missed. */
    endedEarlyAt: timestamp('ended_early_at', { withTimezone: true }),
    /** The owner's reminder choices for this project over their own (null: follow the owner's). */
    reminderOverride: jsonb('reminder_override').$type<ReminderOverride>(),
    /** When the owner cancelled it in its first 24 hours (the deposit goes back; deleted_at is set too). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * 'public' (listed) or 'unlisted': reachable by its link only, absent from every list, count and
     * profile (issue 24). The owner chooses it at creation and may change it.
     */
    visibility: text('visibility').$type<ProjectVisibility>().notNull().default('public'),
    /** Moved by triggers on every change the project page shows (migration 0026, decision 037). */
    pageVersion: bigint('page_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('projects_deposit_positive', sql`${t.depositAmount} > 0`),
    check('projects_refundable_nonnegative', sql`${t.refundableAmount} >= 0`),
    check('projects_length_positive', sql`${t.totalLengthDays} > 0`),
    check(
      'projects_frequency_fits',
      sql`${t.checkInFrequencyDays} > 0 and ${t.checkInFrequencyDays} * 2 <= ${t.totalLengthDays}`,
    ),
    check('projects_length_unit', sql`${t.totalLengthUnit} in ('days', 'weeks', 'months')`),
    check('projects_frequency_unit', sql`${t.checkInFrequencyUnit} in ('days', 'weeks')`),
    check('projects_visibility', sql`${t.visibility} in ('public', 'unlisted')`),
    check('projects_status', sql`${t.projectStatus} in ('active', 'completed', 'settled')`),
    uniqueIndex('projects_payment_intent_key').on(t.paymentIntentId),
    index('projects_user_id_idx').on(t.userId, t.createdAt.desc()),
    // Browse queries (decision 005): every section and filter has an index; ties break on id.
    // A tag's projects by refundable amount, carrying every column the filters test: counting a tag's
    // matches (missed, completed, length, dates, live) is an index-only scan, never a heap visit per row.
    index('projects_tag_filter_idx').on(
      t.tag,
      t.refundableAmount.desc(),
      t.id,
      t.endDate,
      t.deletedAt,
      t.projectStatus,
      t.countersValidUntil,
      t.missedCheckins,
      t.completedCheckins,
      t.totalLengthDays,
      t.createdAt,
    ),
    index('projects_refundable_idx').on(t.refundableAmount.desc(), t.id),
    index('projects_end_date_idx').on(t.endDate),
    index('projects_created_at_idx').on(t.createdAt),
    index('projects_length_idx').on(t.totalLengthDays),
    index('projects_missed_idx').on(t.missedCheckins),
    index('projects_completed_idx').on(t.completedCheckins),
    index('projects_counters_due_idx').on(t.countersValidUntil),
    index('projects_next_tick_idx').on(t.nextTickAt),
    // The filtered search over live projects without search words (decision 005): a third the size of
    // projects_tag_filter_idx, which also holds ended projects. Public ones only: what lists may show
    // (decision 033), so a tag's live count reads the index alone.
    index('projects_live_filter_idx')
      .on(
        t.tag,
        t.refundableAmount.desc(),
        t.id,
        t.endDate,
        t.countersValidUntil,
        t.missedCheckins,
        t.completedCheckins,
        t.totalLengthDays,
        t.createdAt,
      )
      .where(sql`${t.deletedAt} is null and ${t.projectStatus} = 'active' and ${t.visibility} = 'public'`),
  ],
);

/**
 * What the filtered search reads when it has search words (decision 059): each project's search
 * document and the columns the filters compare, kept by row triggers on projects, partitioned by tag
 * and each tag's partition by status, live ('active') or ended (migrations 0027 and 0029, which
 * drizzle cannot declare; decision 062). Search words are every word in title, description or
 * tag (pg_trgm over the lower-cased document), in two partial indexes that never hold the same row
 * (decision 016): the live half serves the default search, which hides completed projects and so
 * reads only the live partitions; a search with completed projects reads both (queries.ts,
 * matchingRows). A donation or a
 * check-in changes only amounts and counters here: none of these indexes' columns, so PostgreSQL can
 * update the row without touching them (a HOT update) whenever its page has room.
 */
export const projectSearch = pgTable(
  'project_search',
  {
    id: uuid('id').notNull(),
    tag: text('tag').notNull(),
    userId: text('user_id').notNull(),
    refundableAmount: cents('refundable_amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    visibility: text('visibility').$type<ProjectVisibility>().notNull(),
    projectStatus: text('project_status').notNull(),
    totalLengthDays: integer('total_length_days').notNull(),
    countersValidUntil: timestamp('counters_valid_until', { withTimezone: true }).notNull(),
    missedCheckins: integer('missed_checkins').notNull(),
    completedCheckins: integer('completed_checkins').notNull(),
    searchDoc: text('search_doc').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.projectStatus, t.id] }),
    index('project_search_live_trgm_idx')
      .using('gin', sql`${t.searchDoc} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB })
      .where(sql`${t.deletedAt} is null and ${t.projectStatus} = 'active'`),
    index('project_search_ended_trgm_idx')
      .using('gin', sql`${t.searchDoc} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB })
      .where(sql`${t.deletedAt} is null and ${t.projectStatus} <> 'active'`),
    index('project_search_user_idx').on(t.userId),
  ],
);

/**
 * Visible (not deleted) projects per tag, kept exact by statement triggers on projects (migration
 * 0003): the 'X of Y projects found' and '{n} project(s) found' counts without counting rows.
 */
export const projectTallies = pgTable('project_tallies', {
  tag: text('tag').primaryKey(),
  visibleCount: bigint('visible_count', { mode: 'number' }).notNull().default(0),
});

export const projectCheckins = pgTable(
  'project_checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    updateText: text('update_text'),
    photoUrl: text('photo_url'),
    photoThumbUrl: text('photo_thumb_url'),
    videoUrl: text('video_url'),
    videoType: text('video_type'),
    isCoverPhoto: boolean('is_cover_photo').notNull().default(false),
    checkInTimezone: text('check_in_timezone').notNull(),
    checkInLocalDate: date('check_in_local_date', { mode: 'string' }).notNull(),
    checkInProjectDate: date('check_in_project_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('checkins_video_type', sql`${t.videoType} is null or ${t.videoType} = 'youtube'`),
    index('checkins_project_created_idx').on(t.projectId, t.createdAt),
    index('checkins_project_date_idx').on(t.projectId, t.checkInProjectDate),
    /** A person's check-ins by date: the heatmap, streak and completion rate of My Projects and profiles. */
    index('checkins_user_date_idx').on(t.userId, t.checkInProjectDate),
  ],
);

export const userFavorites = pgTable(
  'user_favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index('favorites_project_idx').on(t.projectId)],
);

// ---------- money ----------

/** One row per payment intent at the provider (deposits and donations). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    /** Null only between storing the row (with its idempotency key) and the provider's answer. */
    providerIntentId: text('provider_intent_id'),
    providerCustomerId: text('provider_customer_id'),
    /** Sent with every provider call for this payment; stored before the first call. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the intent's client secret: proves the caller holds it without keeping it. */
    clientSecretHash: text('client_secret_hash'),
    /** sha256 of the validated request, so a reused Idempotency-Key with other details is refused. */
    requestHash: text('request_hash'),
    status: text('status').notNull().default('requires_payment'),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    userId: text('user_id').references(() => users.id),
    projectId: uuid('project_id').references(() => projects.id),
    /** Deposit payments carry the project draft; the project is created when the payment succeeds. */
    draft: jsonb('draft'),
    metadata: jsonb('metadata').notNull().default({}),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** A deposit's consent: the terms version agreed to, when, and from where (evidence for a dispute). */
    termsVersion: text('terms_version'),
    termsAgreedAt: timestamp('terms_agreed_at', { withTimezone: true }),
    termsIp: text('terms_ip'),
    termsUserAgent: text('terms_user_agent'),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_kind', sql`${t.kind} in ('deposit', 'donation')`),
    check(
      'payments_status',
      sql`${t.status} in ('requires_payment', 'processing', 'succeeded', 'failed', 'canceled')`,
    ),
    uniqueIndex('payments_provider_intent_key').on(t.provider, t.providerIntentId),
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_project_idx').on(t.projectId),
    /** A user's latest provider customer (each deposit looks it up), and a user's payments. */
    index('payments_user_idx').on(t.userId, t.createdAt),
    /** Reconciliation scans payments not (yet) applied. */
    index('payments_unapplied_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('requires_payment', 'processing', 'failed')`),
  ],
);

/**
 * The simulated provider's own records: what a card processor would keep on its side. Only the
 * simulated adapter reads or writes this table; the rest of the app sees it through PaymentProvider.
 */
export const simulatedPaymentIntents = pgTable(
  'simulated_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: cents('amount_cents').notNull(),
    amountRefundedCents: cents('amount_refunded_cents').notNull().default(0),
    currency: text('currency').notNull(),
    customerId: text('customer_id'),
    /** Stripe's vocabulary: requires_payment_method, succeeded, canceled. */
    status: text('status').notNull().default('requires_payment_method'),
    lastError: text('last_error'),
    metadata: jsonb('metadata').notNull().default({}),
    /** Refunds made on this intent: [{ id, amountCents, idempotencyKey }]. */
    refunds: jsonb('refunds').notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('simulated_intents_idempotency_key').on(t.idempotencyKey),
    check('simulated_intents_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'simulated_intents_refund_bounds',
      sql`${t.amountRefundedCents} >= 0 and ${t.amountRefundedCents} <= ${t.amountCents}`,
    ),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: cents('amount_cents').notNull(),
    creatorShareCents: cents('creator_share_cents').notNull(),
    platformShareCents: cents('platform_share_cents').notNull(),
    donorName: text('donor_name'),
    donorEmail: text('donor_email'),
    donorAnonymous: boolean('donor_anonymous').notNull().default(true),
    /** The supporter's message of encouragement (plain text, 1–280 characters), or null. */
    message: text('message'),
    /** Whether the supporters list shows the amount (the donor's choice). */
    showAmount: boolean('show_amount').notNull().default(false),
    /** When the owner hid the message; null while it shows. */
    messageHiddenAt: timestamp('message_hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('donations_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'donations_shares_sum',
      sql`${t.creatorShareCents} + ${t.platformShareCents} = ${t.amountCents} and ${t.creatorShareCents} >= 0 and ${t.platformShareCents} >= 0`,
    ),
    check('donations_message_length', sql`char_length(${t.message}) between 1 and 280`),
    uniqueIndex('donations_payment_key').on(t.paymentId),
    index('donations_project_idx').on(t.projectId),
    index('donations_project_created_idx').on(t.projectId, t.createdAt),
  ],
);

/** Double-entry ledger. Accounts are named by code: card, platform-fees, processing-fees, charity, pool:{projectId}, payable:{userId}. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    projectId: uuid('project_id').references(() => projects.id),
    userId: text('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    check(
      'ledger_accounts_kind',
      sql`${t.kind} in ('external', 'platform_fees', 'processing_fees', 'charity', 'project_pool', 'creator_payable')`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** Unique per effect (e.g. 'payment:{id}:succeeded'), so an effect is booked at most once. */
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    projectId: uuid('project_id').references(() => projects.id),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_project_idx').on(t.projectId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed cents: positive debits the account's balance up, negative down. Never zero. */
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
  ],
);

/** Provider events already applied; written in the same transaction as their effects. */
export const processedEvents = pgTable(
  'processed_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// ---------- newsletter ----------

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_email_key').on(t.email),
    uniqueIndex('newsletter_token_key').on(t.unsubscribeToken),
    check('newsletter_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

// ---------- settlement, notifications (decision 007; jobs: graphile-worker, decision 019) ----------

/** The card refund's and the payout's states (@kept/domain settlement.ts; decision 024). */
export const settlementRefundStatus = pgEnum('settlement_refund_status', REFUND_STATUSES);
export const settlementPayoutStatus = pgEnum('settlement_payout_status', PAYOUT_STATUSES);

/**
 * One settlement per project: the numbers frozen at the end (P, t, m, R, F and R's split), then the
 * card refund's progress and the payout's. Ledger keys: settlement:{projectId}:forfeit|payout|refund.
 */
export const settlements = pgTable(
  'settlements',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The card refund: none | pending → refunding → processing | refunded | failed (retried). */
    refundStatus: settlementRefundStatus('refund_status').notNull(),
    /**
     * One word for both, derived by the database (never written): the refund's state while the card
     * refund is still to be made, then payout_pending while a payout is owed, else refunded.
     */
    state: text('state').generatedAlwaysAs(
      sql`case refund_status when 'pending' then 'pending' when 'refunding' then 'refunding'
        when 'failed' then 'failed' else case when payout_status = 'pending' then 'payout_pending'
        else 'refunded' end end`,
    ),
    poolCents: cents('pool_cents').notNull(),
    depositCents: cents('deposit_cents').notNull(),
    totalCheckins: integer('total_checkins').notNull(),
    missedCheckins: integer('missed_checkins').notNull(),
    refundCents: cents('refund_cents').notNull(),
    forfeitCents: cents('forfeit_cents').notNull(),
    refundToCardCents: cents('refund_to_card_cents').notNull(),
    payoutCents: cents('payout_cents').notNull(),
    /** The deposit's payment intent: the card the refund goes back to. */
    paymentIntentId: text('payment_intent_id').notNull(),
    /** Idempotency key of the card refund at the provider; a new one only after a definite failure. */
    refundKey: text('refund_key').notNull(),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Card refund attempts so far, and when the next one is due after a failure. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** none (nothing to pay out), pending (owed, not yet paid), paid. */
    payoutStatus: settlementPayoutStatus('payout_status').notNull(),
    payoutPaidCents: cents('payout_paid_cents').notNull().default(0),
    payoutId: text('payout_id'),
    payoutPaidAt: timestamp('payout_paid_at', { withTimezone: true }),
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    payoutNextAttemptAt: timestamp('payout_next_attempt_at', { withTimezone: true }),
    payoutNote: text('payout_note'),
    /** Donations that succeeded after the numbers were frozen, settled by the same t and m. */
    lateCreatorCents: cents('late_creator_cents').notNull().default(0),
    latePayoutCents: cents('late_payout_cents').notNull().default(0),
    lateForfeitCents: cents('late_forfeit_cents').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('settlements_user_idx').on(t.userId),
    index('settlements_refund_idx').on(t.refundId),
    // Nothing for the card exactly when the refund state says so.
    check('settlements_refund_none', sql`(${t.refundStatus} = 'none') = (${t.refundToCardCents} = 0)`),
    check(
      'settlements_sums',
      sql`${t.poolCents} = ${t.refundCents} + ${t.forfeitCents} and ${t.refundCents} = ${t.refundToCardCents} + ${t.payoutCents} and ${t.lateCreatorCents} = ${t.latePayoutCents} + ${t.lateForfeitCents}`,
    ),
    check(
      'settlements_nonnegative',
      sql`${t.refundToCardCents} >= 0 and ${t.payoutCents} >= 0 and ${t.forfeitCents} >= 0 and ${t.latePayoutCents} >= 0 and ${t.lateForfeitCents} >= 0 and ${t.refundToCardCents} <= ${t.depositCents}`,
    ),
    check(
      'settlements_payout_bounds',
      sql`${t.payoutPaidCents} >= 0 and ${t.payoutPaidCents} <= ${t.payoutCents} + ${t.latePayoutCents}`,
    ),
    check(
      'settlements_checkins',
      sql`${t.totalCheckins} >= 1 and ${t.missedCheckins} >= 0 and ${t.missedCheckins} < ${t.totalCheckins}`,
    ),
  ],
);

/** Sent once per project, period and kind (reminders: 'day-before', 'due', 'overdue'; 'settlement'). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_once_key').on(t.projectId, t.period, t.kind),
    check('notifications_kind', sql`${t.kind} in ('day-before', 'due', 'overdue', 'settlement')`),
  ],
);

// ---------- data exports (issue 24, "Download my data"; decision 035) ----------

/**
 * One row per export a user asked for. The zip lives at ${DATA_DIR}/exports/<user_id>/<id>.zip while the
 * row is 'ready'; the cleanup task deletes it at `expires_at` (7 days after ready) and marks the row
 * 'expired'. At most one row per user is queued or building (data_exports_one_busy_key).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<DataExportState>().notNull().default('queued'),
    /** Build steps done so far, of `progress_total`. */
    progress: integer('progress').notNull().default(0),
    progressTotal: integer('progress_total').notNull(),
    /** From the injected clock, like ready_at and expires_at. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The zip's size in bytes, once ready. */
    size: bigint('size', { mode: 'number' }),
  },
  (t) => [
    check('data_exports_state', sql`${t.state} in ('queued', 'building', 'ready', 'failed', 'expired')`),
    check('data_exports_progress', sql`${t.progress} >= 0 and ${t.progress} <= ${t.progressTotal}`),
    check(
      'data_exports_ready',
      sql`${t.state} <> 'ready' or (${t.readyAt} is not null and ${t.expiresAt} is not null and ${t.size} is not null)`,
    ),
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('data_exports_one_busy_key')
      .on(t.userId)
      .where(sql`${t.state} in ('queued', 'building')`),
    index('data_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'ready'`),
  ],
);

/**
 * A browser that asked for pushes (issue 23): its push service endpoint (unique: one browser profile, one
 * row, whoever signed in there last) and the keys its pushes are encrypted to (RFC 8291). Removed when
 * the push service answers 404/410, when its owner removes it, or with the account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceLabel: text('device_label').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user').on(t.userId),
  ],
);
