import { parseDays, parseTime, type ScheduleWindow } from '@svc/integrations/internal';
import { PERIODS, type Period } from './types';

const DAY = PERIODS.day;
const MINUTE = PERIODS.minute;

/**
 * The first moment at or after `earliest` (epoch ms) inside `window`, all UTC. A window opens at
 * its start time on each listed day and closes at its end time, on the next day when the range
 * wraps past midnight (`fri` + `22:00-06:00` covers friday 22:00 to saturday 06:00).
 * `window` must be valid (see `windowFault`).
 */
export function runAt(earliest: number, window?: ScheduleWindow): number {
  if (!window) return earliest;
  const days = window.day === undefined ? [0, 1, 2, 3, 4, 5, 6] : parseDays(window.day)!;
  const [start, end] = window.time === undefined ? [0, 24 * 60] : parseTime(window.time)!;
  const length = (end > start ? end - start : end + 24 * 60 - start) * MINUTE;
  const midnight = earliest - (((earliest % DAY) + DAY) % DAY);
  // From the day before (its window may run past midnight) to a week ahead: some day is listed.
  for (let d = -1; d <= 7; d++) {
    const day = midnight + d * DAY;
    if (!days.includes(new Date(day).getUTCDay())) continue;
    const open = day + start * MINUTE;
    if (open + length > earliest) return Math.max(open, earliest);
  }
  throw new Error('runAt: no window within a week'); // unreachable for a valid window
}

// Weeks start on monday 00:00 UTC; 1970-01-01 was a thursday, so monday boundaries sit 4 days in.
const ORIGIN: Record<Period, number> = { minute: 0, hour: 0, day: 0, week: 4 * DAY };

/** The first boundary of `every` strictly after `now`: the next UTC minute, hour, midnight or monday midnight. */
export function nextBoundary(now: number, every: Period): number {
  const period = PERIODS[every];
  const origin = ORIGIN[every];
  return origin + (Math.floor((now - origin) / period) + 1) * period;
}
