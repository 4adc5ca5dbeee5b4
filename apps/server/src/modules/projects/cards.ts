// The project card every list shows (home, categories, profiles, My Projects), from a projects row.
import { daysLeftBadge, isFinishingSoon, projectImage, projectSchedule, projectStatus } from '@kept/domain';
import type { ProjectCard } from '@kept/contract';
import { projects, users } from '../../db/schema.ts';

/** The columns a card needs: select `{ ...cardColumns }` joined with users for the username. */
export const cardColumns = {
  id: projects.id,
  title: projects.title,
  tag: projects.tag,
  description: projects.description,
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
};

export type CardRow = {
  id: string;
  title: string;
  tag: string;
  description: string;
  imageUrl: string | null;
  depositAmount: number;
  refundableAmount: number;
  userId: string;
  username: string | null;
  createdAt: Date;
  endDate: Date;
  projectTimezone: string;
  totalLengthDays: number;
  checkInFrequencyDays: number;
};

export function toProjectCard(row: CardRow, now: Date, favorites?: ReadonlySet<string>): ProjectCard {
  const schedule = projectSchedule({
    createdAt: row.createdAt,
    endDate: row.endDate,
    totalLengthDays: row.totalLengthDays,
    checkInFrequencyDays: row.checkInFrequencyDays,
    timezone: row.projectTimezone,
  });
  const status = projectStatus(schedule.startsAt, schedule.endsAt, now);
  return {
    id: row.id,
    title: row.title,
    tag: row.tag,
    description: row.description,
    imageUrl: projectImage(row.imageUrl, row.tag),
    depositCents: row.depositAmount,
    refundableCents: row.refundableAmount,
    userId: row.userId,
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    endDate: row.endDate.toISOString(),
    timezone: schedule.timezone,
    totalLengthDays: row.totalLengthDays,
    checkInFrequencyDays: row.checkInFrequencyDays,
    status,
    finishingSoon: isFinishingSoon(schedule.startsAt, schedule.endsAt, now),
    daysLeftBadge: daysLeftBadge(schedule.startsAt, schedule.endsAt, now),
    ...(favorites ? { isFavorite: favorites.has(row.id) } : {}),
  };
}
