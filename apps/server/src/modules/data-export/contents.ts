// What a data export holds: one dataset per kind of record, each written as <name>.json (an array of
// objects) and <name>.csv (the same rows, the same columns, a header line first). The columns and their
// descriptions below are the single source of both files and of the README.txt inside the zip.
import { DATA_EXPORT_KEEP_DAYS, formatCents, projectSchedule } from '@kept/domain';
import type { Db } from '../../db/client.ts';
import {
  checkInsOf,
  donationsMadeBy,
  donationsReceivedBy,
  favoritesOf,
  pushDevicesOf,
  paymentsOf,
  profileOf,
  projectsOf,
  settlementsOf,
} from './queries.ts';

export type Cell = string | number | boolean | null;
type Column<R> = { name: string; about: string; value: (row: R) => Cell };
type Rows<F extends (db: Db, userId: string) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

/** Where each photo went inside the zip, by its stored URL (filled in by the build before the rows). */
export type PhotoFiles = Map<string, string>;

export type Dataset = {
  name: string;
  about: string;
  columns: { name: string; about: string }[];
  /** The dataset's rows, each an object of its columns in order. */
  rows: (db: Db, userId: string, photos: PhotoFiles) => Promise<Record<string, Cell>[]>;
};

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const money = (cents: number): string => formatCents(cents);

function dataset<R>(
  name: string,
  about: string,
  load: (db: Db, userId: string) => Promise<R[]>,
  columns: (photos: PhotoFiles) => Column<R>[],
): Dataset {
  const described = columns(new Map());
  return {
    name,
    about,
    columns: described.map(({ name: n, about: a }) => ({ name: n, about: a })),
    async rows(db, userId, photos) {
      const cols = columns(photos);
      const rows = await load(db, userId);
      return rows.map((row) => Object.fromEntries(cols.map((c) => [c.name, c.value(row)])));
    },
  };
}

type Project = Rows<typeof projectsOf>;
type Pause = { project: Project; period: number; date: string | null };

/** Every paused check-in period of the user's projects, with the date it would have been due. */
async function pausesOf(db: Db, userId: string): Promise<Pause[]> {
  const list = await projectsOf(db, userId);
  return list.flatMap((project) => {
    const schedule = projectSchedule({
      createdAt: project.createdAt,
      endDate: project.endDate,
      totalLengthDays: project.totalLengthDays,
      checkInFrequencyDays: project.checkInFrequencyDays,
      timezone: project.projectTimezone,
    });
    return [...project.pausedPeriods]
      .sort((a, b) => a - b)
      .map((period) => ({ project, period, date: schedule.checkInDates[period] ?? null }));
  });
}

const refundsOf = async (db: Db, userId: string) =>
  (await settlementsOf(db, userId)).filter((s) => s.refundToCardCents > 0);
const payoutsOf = async (db: Db, userId: string) =>
  (await settlementsOf(db, userId)).filter((s) => s.payoutCents + s.latePayoutCents > 0);
const profileRows = async (db: Db, userId: string) => {
  const row = await profileOf(db, userId);
  return row ? [row] : [];
};

export const DATASETS: Dataset[] = [
  dataset('profile', 'Your account: one row.', profileRows, () => [
    { name: 'user_id', about: 'Your account id.', value: (r) => r.id },
    { name: 'username', about: 'Your public username.', value: (r) => r.username },
    { name: 'email', about: 'Your email address.', value: (r) => r.email },
    { name: 'email_confirmed', about: 'Whether you confirmed your address.', value: (r) => r.emailVerified },
    { name: 'timezone', about: 'Your saved timezone.', value: (r) => r.timezone },
    {
      name: 'reminder_preferences',
      about: 'Your check-in reminder choices as JSON (empty: the defaults).',
      value: (r) => (r.reminderPrefs ? JSON.stringify(r.reminderPrefs) : null),
    },
    { name: 'joined_at', about: 'When you signed up (UTC, ISO 8601).', value: (r) => iso(r.createdAt) },
  ]),
  dataset(
    'projects',
    'Every project you created, deleted and cancelled ones included.',
    projectsOf,
    (photos) => [
      { name: 'project_id', about: 'The project id.', value: (r) => r.id },
      { name: 'title', about: 'Title.', value: (r) => r.title },
      { name: 'description', about: 'Description.', value: (r) => r.description },
      { name: 'tag', about: 'Category tag.', value: (r) => r.tag },
      { name: 'visibility', about: 'public or unlisted.', value: (r) => r.visibility },
      {
        name: 'deposit_cents',
        about: 'Your deposit, in cents (fees not included).',
        value: (r) => r.depositCents,
      },
      { name: 'deposit', about: 'The same, formatted in US dollars.', value: (r) => money(r.depositCents) },
      {
        name: 'refundable_cents',
        about: 'The refundable total when the export was made, in cents.',
        value: (r) => r.refundableCents,
      },
      {
        name: 'refundable',
        about: 'The same, formatted in US dollars.',
        value: (r) => money(r.refundableCents),
      },
      { name: 'created_at', about: 'When it was created (UTC).', value: (r) => iso(r.createdAt) },
      { name: 'end_date', about: 'When it ends or ended (UTC).', value: (r) => iso(r.endDate) },
      { name: 'length_value', about: 'Length as chosen.', value: (r) => r.totalLengthValue },
      { name: 'length_unit', about: 'days, weeks or months.', value: (r) => r.totalLengthUnit },
      { name: 'length_days', about: 'Length in days.', value: (r) => r.totalLengthDays },
      {
        name: 'frequency_value',
        about: 'Check-in frequency as chosen.',
        value: (r) => r.checkInFrequencyValue,
      },
      { name: 'frequency_unit', about: 'days or weeks.', value: (r) => r.checkInFrequencyUnit },
      { name: 'frequency_days', about: 'Check-in frequency in days.', value: (r) => r.checkInFrequencyDays },
      { name: 'timezone', about: "The project's timezone.", value: (r) => r.projectTimezone },
      { name: 'status', about: 'active, completed or settled.', value: (r) => r.projectStatus },
      { name: 'charity', about: 'Where forfeits go.', value: (r) => r.charityId },
      {
        name: 'ended_early_at',
        about: 'When you ended it early, if you did.',
        value: (r) => iso(r.endedEarlyAt),
      },
      { name: 'cancelled_at', about: 'When you cancelled it, if you did.', value: (r) => iso(r.cancelledAt) },
      { name: 'deleted_at', about: 'When you deleted it, if you did.', value: (r) => iso(r.deletedAt) },
      {
        name: 'cover_file',
        about: 'Your uploaded cover picture inside this zip (empty: the tag picture).',
        value: (r) => (r.imageUrl ? (photos.get(r.imageUrl) ?? null) : null),
      },
    ],
  ),
  dataset('check-ins', 'Every check-in you posted.', checkInsOf, (photos) => [
    { name: 'check_in_id', about: 'The check-in id.', value: (r) => r.id },
    { name: 'project_id', about: 'Its project.', value: (r) => r.projectId },
    { name: 'project_title', about: "The project's title.", value: (r) => r.projectTitle },
    { name: 'posted_at', about: 'When you posted it (UTC).', value: (r) => iso(r.createdAt) },
    {
      name: 'project_date',
      about: "Its date in the project's timezone.",
      value: (r) => r.checkInProjectDate,
    },
    { name: 'local_date', about: 'Its date in your timezone then.', value: (r) => r.checkInLocalDate },
    { name: 'timezone', about: 'Your timezone then.', value: (r) => r.checkInTimezone },
    { name: 'text', about: 'Your update.', value: (r) => r.updateText },
    { name: 'video_url', about: 'The YouTube link, if any.', value: (r) => r.videoUrl },
    {
      name: 'is_cover_photo',
      about: "Whether its photo is the project's cover.",
      value: (r) => r.isCoverPhoto,
    },
    {
      name: 'photo_file',
      about: 'Its photo inside this zip, if it has one.',
      value: (r) => (r.photoUrl ? (photos.get(r.photoUrl) ?? null) : null),
    },
  ]),
  dataset('pauses', 'Every check-in period you paused.', pausesOf, () => [
    { name: 'project_id', about: 'The project.', value: (r) => r.project.id },
    { name: 'project_title', about: "The project's title.", value: (r) => r.project.title },
    { name: 'period', about: 'The paused period (1 is the second check-in).', value: (r) => r.period },
    { name: 'check_in_date', about: "The date it was due, in the project's timezone.", value: (r) => r.date },
  ]),
  dataset('donations-made', 'Donations you made while signed in.', donationsMadeBy, () => [
    { name: 'donation_id', about: 'The donation id.', value: (r) => r.id },
    { name: 'project_id', about: 'The project you supported.', value: (r) => r.projectId },
    { name: 'project_title', about: "The project's title.", value: (r) => r.projectTitle },
    { name: 'amount_cents', about: 'What you gave, in cents.', value: (r) => r.amountCents },
    { name: 'amount', about: 'The same, formatted in US dollars.', value: (r) => money(r.amountCents) },
    {
      name: 'to_project_cents',
      about: "The 80% added to the project's total.",
      value: (r) => r.creatorShareCents,
    },
    { name: 'to_kept_cents', about: 'The 20% Kept keeps.', value: (r) => r.platformShareCents },
    { name: 'name', about: 'The name you gave.', value: (r) => r.donorName },
    { name: 'email', about: 'The email you gave.', value: (r) => r.donorEmail },
    { name: 'anonymous', about: 'Whether you gave anonymously.', value: (r) => r.donorAnonymous },
    { name: 'message', about: 'Your message of support.', value: (r) => r.message },
    {
      name: 'show_amount',
      about: 'Whether the supporters list shows the amount.',
      value: (r) => r.showAmount,
    },
    { name: 'donated_at', about: 'When (UTC).', value: (r) => iso(r.createdAt) },
  ]),
  dataset('donations-received', 'Donations to your projects.', donationsReceivedBy, () => [
    { name: 'donation_id', about: 'The donation id.', value: (r) => r.id },
    { name: 'project_id', about: 'Your project.', value: (r) => r.projectId },
    { name: 'project_title', about: "The project's title.", value: (r) => r.projectTitle },
    { name: 'amount_cents', about: 'What the donor gave, in cents.', value: (r) => r.amountCents },
    { name: 'amount', about: 'The same, formatted in US dollars.', value: (r) => money(r.amountCents) },
    {
      name: 'to_project_cents',
      about: "The 80% added to your project's refundable total, in cents.",
      value: (r) => r.creatorShareCents,
    },
    { name: 'to_project', about: 'The same, formatted.', value: (r) => money(r.creatorShareCents) },
    {
      name: 'donor',
      about: "The donor's name when they gave it openly, else Anonymous (never their email).",
      value: (r) => (r.donorAnonymous || !r.donorName ? 'Anonymous' : r.donorName),
    },
    { name: 'message', about: 'Their message of support.', value: (r) => r.message },
    {
      name: 'message_hidden',
      about: 'Whether you hid the message.',
      value: (r) => r.messageHiddenAt !== null,
    },
    { name: 'donated_at', about: 'When (UTC).', value: (r) => iso(r.createdAt) },
  ]),
  dataset('payments', 'Your charges: deposits and donations you paid.', paymentsOf, () => [
    { name: 'payment_id', about: 'The payment id (its receipt in Kept).', value: (r) => r.id },
    { name: 'kind', about: 'deposit or donation.', value: (r) => r.kind },
    { name: 'status', about: 'succeeded, processing or failed.', value: (r) => r.status },
    {
      name: 'amount_cents',
      about: 'The amount charged, in cents (a deposit includes its fee).',
      value: (r) => r.amountCents,
    },
    { name: 'amount', about: 'The same, formatted in US dollars.', value: (r) => money(r.amountCents) },
    { name: 'currency', about: 'Always usd.', value: (r) => r.currency },
    {
      name: 'project_id',
      about: 'The project (empty for a deposit that made none).',
      value: (r) => r.projectId,
    },
    { name: 'project_title', about: "The project's title.", value: (r) => r.projectTitle },
    { name: 'reference', about: "The payment provider's reference.", value: (r) => r.reference },
    { name: 'created_at', about: 'When the payment started (UTC).', value: (r) => iso(r.createdAt) },
    { name: 'succeeded_at', about: 'When it succeeded.', value: (r) => iso(r.succeededAt) },
    { name: 'terms_version', about: 'The terms you agreed to (deposits).', value: (r) => r.termsVersion },
    { name: 'terms_agreed_at', about: 'When you agreed.', value: (r) => iso(r.termsAgreedAt) },
  ]),
  dataset(
    'refunds',
    'Deposits refunded to your card when your projects ended or were cancelled.',
    refundsOf,
    () => [
      { name: 'project_id', about: 'The project.', value: (r) => r.projectId },
      { name: 'project_title', about: "The project's title.", value: (r) => r.projectTitle },
      { name: 'amount_cents', about: 'Refunded to your card, in cents.', value: (r) => r.refundToCardCents },
      {
        name: 'amount',
        about: 'The same, formatted in US dollars.',
        value: (r) => money(r.refundToCardCents),
      },
      {
        name: 'status',
        about: 'pending, refunding, processing, refunded or failed.',
        value: (r) => r.refundStatus,
      },
      { name: 'check_ins_kept', about: 'Check-ins kept.', value: (r) => r.totalCheckins - r.missedCheckins },
      { name: 'check_ins_total', about: 'Check-ins that counted.', value: (r) => r.totalCheckins },
      { name: 'to_charity_cents', about: 'What went to charity, in cents.', value: (r) => r.forfeitCents },
      { name: 'reference', about: "The payment provider's refund reference.", value: (r) => r.refundId },
      { name: 'settled_at', about: 'When the project was settled (UTC).', value: (r) => iso(r.settledAt) },
      { name: 'refunded_at', about: 'When the refund went through.', value: (r) => iso(r.refundedAt) },
    ],
  ),
  dataset('payouts', 'Refunds above your deposit (donations’ shares) paid out to you.', payoutsOf, () => [
    { name: 'project_id', about: 'The project.', value: (r) => r.projectId },
    { name: 'project_title', about: "The project's title.", value: (r) => r.projectTitle },
    {
      name: 'amount_cents',
      about: 'Owed to you, in cents (late donations included).',
      value: (r) => r.payoutCents + r.latePayoutCents,
    },
    {
      name: 'amount',
      about: 'The same, formatted in US dollars.',
      value: (r) => money(r.payoutCents + r.latePayoutCents),
    },
    { name: 'paid_cents', about: 'Paid so far, in cents.', value: (r) => r.payoutPaidCents },
    { name: 'status', about: 'none, pending or paid.', value: (r) => r.payoutStatus },
    { name: 'reference', about: "The payout's reference.", value: (r) => r.payoutId },
    { name: 'settled_at', about: 'When the project was settled (UTC).', value: (r) => iso(r.settledAt) },
    { name: 'paid_at', about: 'When it was paid.', value: (r) => iso(r.payoutPaidAt) },
  ]),
  dataset('favorites', 'Projects you starred.', favoritesOf, () => [
    { name: 'project_id', about: 'The project.', value: (r) => r.projectId },
    { name: 'project_title', about: "The project's title.", value: (r) => r.projectTitle },
    { name: 'starred_at', about: 'When you starred it (UTC).', value: (r) => iso(r.createdAt) },
  ]),
  dataset('push-devices', 'The browsers you turned notifications on in.', pushDevicesOf, () => [
    { name: 'id', about: 'The device, as Settings lists it.', value: (r) => r.id },
    { name: 'device', about: 'The browser and system it said it was.', value: (r) => r.deviceLabel },
    {
      name: 'added_at',
      about: 'When notifications were turned on there (UTC).',
      value: (r) => iso(r.createdAt),
    },
    {
      name: 'last_delivered_at',
      about: 'When a notification last reached it (UTC).',
      value: (r) => iso(r.lastSuccessAt),
    },
  ]),
];

/** Build steps: the photos, then one per dataset, then writing the zip out. */
export const EXPORT_STEPS = DATASETS.length + 2;

/** README.txt: what each file of the zip holds, column by column. */
export function readmeText(opts: { username: string | null; createdAt: Date }): string {
  const lines = [
    'Your data from Kept',
    '===================',
    '',
    `Made for ${opts.username ?? 'you'} on ${opts.createdAt.toISOString()}.`,
    `This zip is kept for ${DATA_EXPORT_KEEP_DAYS} days after it was made, then deleted.`,
    '',
    'Each kind of record is here twice, with the same rows and columns:',
    '  <name>.json  a JSON array of objects;',
    '  <name>.csv   comma-separated values, UTF-8, a header line first.',
    'Times are UTC in ISO 8601. Money is in US cents (a whole number), next to the same amount',
    'formatted in dollars. An empty CSV cell is an empty (null) value in the JSON.',
    "In the CSV files a text that starts with = + - @, a tab or a carriage return gets a ' in front, so",
    'that spreadsheet programs show it as text instead of running it as a formula; the JSON files have it exactly.',
    '',
    'photos/check-ins/  the photos of your check-ins (named in check-ins.csv, column photo_file)',
    'photos/covers/     the cover pictures you uploaded (named in projects.csv, column cover_file)',
    '',
  ];
  for (const set of DATASETS) {
    lines.push(`${set.name}.json, ${set.name}.csv`, `  ${set.about}`);
    for (const column of set.columns) lines.push(`  - ${column.name}: ${column.about}`);
    lines.push('');
  }
  return lines.join('\n');
}
