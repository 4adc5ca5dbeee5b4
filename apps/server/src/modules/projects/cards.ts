// The project card every list shows (home, categories, profiles, My Projects), from a projects row, and
// the same row's facts as the project page states them.
import {
  cardAmount,
  daysLeftBadge,
  isFinishingSoon,
  projectImage,
  projectBounds,
  projectStatus,
} from '@kept/domain';
import type { ProjectCard, ProjectFacts } from '@kept/contract';
import { sql } from 'drizzle-orm';
import { projects, settlements, users } from '../../db/schema.ts';

/** Cards carry an excerpt of the description (lists never show more; the detail has the full text). */
export const CARD_DESCRIPTION_LENGTH = 100;
/** Characters of the description a card query reads (the excerpt is cut on a word in toProjectFacts). */
const CARD_DESCRIPTION_READ = CARD_DESCRIPTION_LENGTH + 1;

/** A project's facts (FactsRow) for drizzle: select `{ ...cardColumns }` joined with users for the username. */
export const cardColumns = {
  id: projects.id,
  title: projects.title,
  tag: projects.tag,
  description: sql<string>`left(${projects.description}, ${sql.raw(String(CARD_DESCRIPTION_READ))})`,
  imageUrl: projects.imageUrl,
  depositAmount: projects.depositAmount,
  refundableAmount: projects.refundableAmount,
  userId: projects.userId,
  username: users.username,
  createdAt: projects.createdAt,
  endDate: projects.endDate,
  projectTimezone: projects.projectTimezone,
  totalLengthDays: projects.totalLengthDays,
  checkInFrequencyDays: projects.checkInFrequencyDays,
  settledRefundCents: sql<number | null>`(select ${settlements.refundCents} from ${settlements}
    where ${settlements.projectId} = ${projects.id})`,
};

/**
 * What a card in a list reads, in raw SQL over projects `p`, named like CardRow: its schedule (for its
 * status and badge), its amount and its owner (for 'Your Project'). The settled refund is one
 * primary-key lookup per card (lists are pages of a few dozen: cheaper than joining settlements).
 */
export const CARD_SELECT_SQL = `p.id, p.title, p.tag, p.image_url as "imageUrl", p.refundable_amount as "refundableAmount",
  p.user_id as "userId", p.created_at as "createdAt", p.end_date as "endDate",
  p.project_timezone as "projectTimezone", p.total_length_days as "totalLengthDays",
  p.check_in_frequency_days as "checkInFrequencyDays",
  (select s.refund_cents from settlements s where s.project_id = p.id) as "settledRefundCents"`;

/** cardColumns in raw SQL (FactsRow): the card's columns, the description's excerpt, the deposit, the creator. */
export const FACTS_SELECT_SQL = `${CARD_SELECT_SQL}, left(p.description, ${CARD_DESCRIPTION_READ}) as description,
  p.deposit_amount as "depositAmount", (select u.username from users u where u.id = p.user_id) as username`;

/** At most `max` characters, cut at a word when one ends near the limit, with '…' when shortened. */
export function excerpt(text: string, max = CARD_DESCRIPTION_LENGTH): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (space >= max * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/** What a card in a list is made from (CARD_SELECT_SQL). */
export type CardRow = {
  id: string;
  title: string;
  tag: string;
  imageUrl: string | null;
  refundableAmount: number;
  userId: string;
  createdAt: Date;
  endDate: Date;
  projectTimezone: string;
  totalLengthDays: number;
  checkInFrequencyDays: number;
  /** R of the project's settlement, or null before it is settled. */
  settledRefundCents: number | null;
};

/** What the project page and owners' changes state of a project (cardColumns, FACTS_SELECT_SQL). */
export type FactsRow = CardRow & { description: string; depositAmount: number; username: string | null };

/** The viewer a list is made for: their starred projects, and who they are (for 'Your Project'). */
export type CardViewer = { userId: string; favorites?: ReadonlySet<string> | undefined };

/** A card's own fields (the viewer's aside) and the schedule they are computed from. */
function cardOf(row: CardRow, now: Date) {
  const schedule = projectBounds({
    createdAt: row.createdAt,
    endDate: row.endDate,
    totalLengthDays: row.totalLengthDays,
    checkInFrequencyDays: row.checkInFrequencyDays,
    timezone: row.projectTimezone,
  });
  const status = projectStatus(schedule.startsAt, schedule.endsAt, now);
  const amount = cardAmount({
    status,
    refundableCents: row.refundableAmount,
    settledRefundCents: row.settledRefundCents,
  });
  const card = {
    id: row.id,
    title: row.title,
    tag: row.tag,
    imageUrl: projectImage(row.imageUrl, row.tag),
    refundableCents: row.refundableAmount,
    ...(amount.kind === 'refundable' ? {} : { amount }),
    status,
    daysLeftBadge: daysLeftBadge(schedule.startsAt, schedule.endsAt, now),
  };
  return { card, schedule };
}

/**
 * A card in a list: what the card shows and no more (decision 041). `viewer` (signed in) adds whether
 * they starred it and whether it is theirs.
 */
export function toProjectCard(row: CardRow, now: Date, viewer?: CardViewer): ProjectCard {
  return {
    ...cardOf(row, now).card,
    ...(viewer?.favorites ? { isFavorite: viewer.favorites.has(row.id) } : {}),
    ...(viewer ? { isOwn: viewer.userId === row.userId } : {}),
  };
}

/** What the project page says of the project besides its schedule summary (ProjectDetail's base). */
export function toProjectFacts(row: FactsRow, now: Date, isFavorite?: boolean): ProjectFacts {
  const { card, schedule } = cardOf(row, now);
  return {
    ...card,
    description: excerpt(row.description),
    depositCents: row.depositAmount,
    userId: row.userId,
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    endDate: row.endDate.toISOString(),
    timezone: schedule.timezone,
    totalLengthDays: row.totalLengthDays,
    checkInFrequencyDays: row.checkInFrequencyDays,
    finishingSoon: isFinishingSoon(schedule.startsAt, schedule.endsAt, now),
    ...(isFavorite === undefined ? {} : { isFavorite }),
  };
}
