// The check-in feed as a calendar reads it (node-ical): the events are the schedule's open check-in dates,
// on the project's local dates, in several timezones and across a daylight-saving change.
import { projectSchedule, type ScheduleProject } from '@kept/domain';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { buildCheckInFeed } from '../src/modules/calendar-feed/build-feed.ts';

const base = { totalLengthDays: 30, checkInFrequencyDays: 7 } satisfies Partial<ScheduleProject>;

function events(feed: string) {
  return Object.values(ical.sync.parseICS(feed))
    .filter((c): c is VEvent => c?.type === 'VEVENT')
    .map((event) => {
      const start = event.start as Date & { dateOnly?: boolean };
      const date = [start.getFullYear(), start.getMonth() + 1, start.getDate()]
        .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
        .join('-');
      // node-ical gives a URI property as { params, val }.
      const url = event.url as unknown;
      const link = typeof url === 'object' && url !== null ? (url as { val: string }).val : String(url);
      return { uid: event.uid, date, dateOnly: start.dateOnly === true, summary: event.summary, url: link };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

describe('the check-in feed', () => {
  it('lists each open check-in date of each project on its local date, across a DST change', () => {
    // New York moves to summer time on 2026-03-08; Sydney leaves it on 2026-04-05.
    const ny = projectSchedule({
      ...base,
      createdAt: new Date('2026-03-01T15:00:00Z'),
      timezone: 'America/New_York',
    });
    const sydney = projectSchedule({
      ...base,
      createdAt: new Date('2026-03-20T01:00:00Z'),
      timezone: 'Australia/Sydney',
    });
    const feed = buildCheckInFeed({
      projects: [
        {
          id: 'p-ny',
          title: 'Run, Forest',
          schedule: ny,
          checkIns: [{ checkInProjectDate: '2026-03-09', createdAt: new Date() }],
        },
        { id: 'p-syd', title: 'Surf; daily', schedule: sydney, checkIns: [] },
      ],
      now: new Date('2026-03-10T12:00:00Z'),
      baseUrl: 'https://kept.example',
    });
    const list = events(feed);
    expect(list.every((e) => e.dateOnly)).toBe(true);
    // New York: period 1 (03-08) is done; 03-15, 03-22 and 03-29 are still to come.
    expect(list.filter((e) => e.uid.startsWith('p-ny')).map((e) => e.date)).toEqual([
      '2026-03-15',
      '2026-03-22',
      '2026-03-29',
    ]);
    // Sydney: created 03-20 local; period 0 is automatic, so 03-27, 04-03, 04-10, 04-17.
    expect(list.filter((e) => e.uid.startsWith('p-syd')).map((e) => e.date)).toEqual([
      '2026-03-27',
      '2026-04-03',
      '2026-04-10',
      '2026-04-17',
    ]);
    const first = list.find((e) => e.uid === 'p-syd-1@kept')!;
    expect(first.summary).toBe('Check in: Surf; daily');
    expect(first.url).toBe('https://kept.example/project/p-syd');
  });

  it('keeps an overdue open period, leaves out paused and ended ones', () => {
    const paused = projectSchedule({
      ...base,
      createdAt: new Date('2026-03-01T12:00:00Z'),
      timezone: 'UTC',
      pausedPeriods: [3],
    });
    const ended = projectSchedule({ ...base, createdAt: new Date('2026-01-01T12:00:00Z'), timezone: 'UTC' });
    const list = events(
      buildCheckInFeed({
        projects: [
          { id: 'a', title: 'A', schedule: paused, checkIns: [] },
          { id: 'b', title: 'B', schedule: ended, checkIns: [] },
        ],
        now: new Date('2026-03-09T12:00:00Z'),
        baseUrl: 'https://kept.example',
      }),
    );
    expect(list.map((e) => e.date)).toEqual(['2026-03-08', '2026-03-15', '2026-03-29']);
  });
});
