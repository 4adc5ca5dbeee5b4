// Screens that show a history panel (project page, profile, My Projects) ask for it: tests that are
// about something else answer it with an empty history.
import { http, HttpResponse } from 'msw';
import type { History } from '@kept/contract';
import { server } from './network';

export const EMPTY_HISTORY: History = {
  streak: 0,
  completionRate: null,
  completedPeriods: 0,
  missedPeriods: 0,
  pausedPeriods: 0,
  checkInDates: [],
  today: '2026-03-20',
};

/** Answers every GET …/history with `history` for the rest of the test. */
export function answerHistory(history: History = EMPTY_HISTORY) {
  server.use(
    http.get(/\/api\/(?:projects\/[^/]+|users\/[^/]+|me)\/history$/, () => HttpResponse.json(history)),
  );
}
