// A person's check-ins as an iCalendar feed (ical-generator): one all-day event per upcoming check-in
// date of each active project, on the project's own local date (all-day dates do not move with
// daylight-saving changes or the reader's zone), linking to the project. Paused periods and periods
// already checked in are left out; an open period not yet checked in stays, however late.
import {
  addDays,
  formatLocalDate,
  hasStopped,
  localDateOf,
  periodRange,
  periods,
  type LocalDate,
  type Schedule,
  type ScheduleCheckIn,
} from '@kept/domain';
import ical from 'ical-generator';

export type FeedProject = {
  id: string;
  title: string;
  schedule: Schedule;
  checkIns: readonly ScheduleCheckIn[];
};

/** A local date as the instant ical-generator writes as that all-day date (it reads UTC fields). */
const allDay = (date: LocalDate) => new Date(`${date}T00:00:00.000Z`);

export function buildCheckInFeed(input: {
  projects: readonly FeedProject[];
  now: Date;
  baseUrl: string;
}): string {
  const calendar = ical({
    name: 'Kept check-ins',
    description: 'Your upcoming Kept check-ins',
    prodId: { company: 'Kept', product: 'check-ins', language: 'EN' },
    ttl: 60 * 60,
  });
  for (const project of input.projects) {
    const { schedule } = project;
    if (hasStopped(schedule, input.now)) continue;
    const today = localDateOf(input.now, schedule.timezone);
    const url = `${input.baseUrl}/project/${project.id}`;
    const total = schedule.checkInDates.length - (schedule.paused?.size ?? 0);
    for (const period of periods(schedule, project.checkIns, input.now)) {
      if (period.state !== 'open') continue;
      const { last } = periodRange(schedule, period.index);
      if (last < today) continue;
      const number = schedule.checkInDates
        .slice(0, period.index + 1)
        .filter((_, k) => !schedule.paused?.has(k)).length;
      calendar.createEvent({
        id: `${project.id}-${period.index}@kept`,
        allDay: true,
        start: allDay(period.date),
        end: allDay(addDays(period.date, 1)),
        stamp: input.now,
        summary: `Check in: ${project.title}`,
        description:
          `Check-in ${number} of ${total} for “${project.title}”. ` +
          (last > period.date
            ? `Any day from ${formatLocalDate(period.date)} to ${formatLocalDate(last)} counts. `
            : '') +
          url,
        url,
      });
    }
  }
  return calendar.toString();
}
