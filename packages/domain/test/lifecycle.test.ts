import { describe, expect, it } from 'vitest';
import {
  daysLeft,
  daysLeftBadge,
  daysLeftColour,
  hasEnded,
  isFinishingSoon,
  listStatus,
  progressBand,
  progressLabel,
  progressPercent,
  projectStatus,
} from '../src/index.ts';

const start = new Date('2026-03-01T00:00:00.000Z');
const end = new Date('2026-03-30T23:59:59.999Z');
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('status', () => {
  it('is upcoming before the start, active from start to end inclusive, completed after', () => {
    expect(projectStatus(start, end, start.getTime() - 1)).toBe('upcoming');
    expect(projectStatus(start, end, start)).toBe('active');
    expect(projectStatus(start, end, at('2026-03-15T12:00:00Z'))).toBe('active');
    expect(projectStatus(start, end, end)).toBe('active');
    expect(projectStatus(start, end, end.getTime() + 1)).toBe('completed');
  });

  it('groups upcoming with active in lists and profiles', () => {
    expect(listStatus('upcoming')).toBe('active');
    expect(listStatus('active')).toBe('active');
    expect(listStatus('completed')).toBe('completed');
  });

  it('says when the end has passed', () => {
    expect(hasEnded(end, end)).toBe(false);
    expect(hasEnded(end, end.getTime() + 1)).toBe(true);
  });
});

describe('finishing soon and days left', () => {
  it('is finishing soon when active and at most 3 days remain', () => {
    expect(isFinishingSoon(start, end, end.getTime() - 3 * DAY)).toBe(true);
    expect(isFinishingSoon(start, end, end.getTime() - 3 * DAY - 1)).toBe(false);
    expect(isFinishingSoon(start, end, end)).toBe(true);
    expect(isFinishingSoon(start, end, end.getTime() + 1)).toBe(false);
  });

  it('rounds days left up', () => {
    expect(daysLeft(end, end.getTime() - DAY)).toBe(1);
    expect(daysLeft(end, end.getTime() - DAY - 1)).toBe(2);
    expect(daysLeft(end, end.getTime() - 1)).toBe(1);
    expect(daysLeft(end, end.getTime() - 2.5 * DAY)).toBe(3);
    expect(daysLeft(end, end.getTime() + 5)).toBe(0);
  });

  it.each([
    [1, 'red'],
    [2, 'orange'],
    [3, 'yellow'],
  ] as const)('colours %i day(s) left %s', (days, colour) => {
    expect(daysLeftColour(days)).toBe(colour);
  });

  it('shows a badge only for the last 3 days', () => {
    expect(daysLeftBadge(start, end, end.getTime() - 0.5 * DAY)).toEqual({
      days: 1,
      colour: 'red',
      text: '1 day left',
    });
    expect(daysLeftBadge(start, end, end.getTime() - 1.5 * DAY)).toEqual({
      days: 2,
      colour: 'orange',
      text: '2 days left',
    });
    expect(daysLeftBadge(start, end, end.getTime() - 3 * DAY)?.colour).toBe('yellow');
    expect(daysLeftBadge(start, end, end.getTime() - 4 * DAY)).toBeNull();
    expect(daysLeftBadge(start, end, end)).toEqual({ days: 1, colour: 'red', text: '1 day left' });
    expect(daysLeftBadge(start, end, end.getTime() + 1)).toBeNull();
  });
});

describe('progress', () => {
  it('floors the elapsed share of the project', () => {
    expect(progressPercent(start, end, start)).toBe(0);
    expect(progressPercent(start, end, at('2026-03-16T00:00:00Z'))).toBe(50);
    expect(progressPercent(start, end, at('2026-03-08T12:00:00Z'))).toBe(25);
    expect(progressPercent(start, end, at('2026-03-08T11:59:00Z'))).toBe(24);
  });

  it('stays 0..99 until the end passes, then shows 100', () => {
    expect(progressPercent(start, end, start.getTime() - DAY)).toBe(0);
    expect(progressPercent(start, end, end.getTime() - 1)).toBe(99);
    expect(progressPercent(start, end, end)).toBe(99);
    expect(progressPercent(start, end, end.getTime() + 1)).toBe(100);
  });

  it.each([
    [0, 'just-started', 'Just Started'],
    [24, 'just-started', 'Just Started'],
    [25, 'in-progress', 'In Progress'],
    [49, 'in-progress', 'In Progress'],
    [50, 'getting-close', 'Getting Close'],
    [74, 'getting-close', 'Getting Close'],
    [75, 'almost-done', 'Almost Done'],
    [99, 'almost-done', 'Almost Done'],
    [100, 'completed', 'Completed'],
  ] as const)('%i%% is %s (%s)', (percent, band, label) => {
    expect(progressBand(percent)).toBe(band);
    expect(progressLabel(percent)).toBe(label);
  });
});
