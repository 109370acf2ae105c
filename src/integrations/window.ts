/**
 * The grammar of a schedule `window` (all UTC), shared by the client (which refuses a malformed
 * window before sending) and the mock platform (which computes `runAt` from it).
 *
 * - `day`: one weekday (`sat`) or an inclusive range (`mon-fri`); a range may wrap (`fri-mon` is
 *   fri, sat, sun, mon). Names `sun mon tue wed thu fri sat`, any case.
 * - `time`: `HH:MM-HH:MM`, start inclusive, end exclusive; it may wrap past midnight
 *   (`22:00-06:00`), and then the window that opens on a listed day closes on the next day.
 *   Start and end must differ (for a whole day give only `day`).
 */
export interface ScheduleWindow {
  /** Weekday or weekday range, e.g. `mon-fri`, `sat`, `fri-mon`. Default: every day. */
  day?: string;
  /** Clock-time range, e.g. `09:00-17:00` or `22:00-06:00`. Default: the whole day. */
  time?: string;
}

/** Weekday names in `Date#getUTCDay()` order. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The weekdays (0 = sunday) a `day` range covers, or `undefined` when it is malformed. */
export function parseDays(day: unknown): number[] | undefined {
  const m = typeof day === 'string' ? /^([a-z]{3})(?:-([a-z]{3}))?$/.exec(day.toLowerCase()) : null;
  const from = m ? WEEKDAYS.indexOf(m[1]) : -1;
  const to = m?.[2] ? WEEKDAYS.indexOf(m[2]) : from;
  if (from < 0 || to < 0) return undefined;
  const days = [from];
  for (let d = from; d !== to; ) days.push((d = (d + 1) % 7));
  return days;
}

/** `[start, end]` in minutes after midnight for a `time` range, or `undefined` when it is malformed. */
export function parseTime(time: unknown): [number, number] | undefined {
  const m = typeof time === 'string' ? /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/.exec(time) : null;
  if (!m) return undefined;
  const start = +m[1] * 60 + +m[2];
  const end = +m[3] * 60 + +m[4];
  return start === end ? undefined : [start, end];
}

/**
 * The field of `window` that is malformed (`window`, `window.day`, `window.time`), or `undefined`
 * when it is a valid window: an object with `day` and/or `time` and nothing else.
 */
export function windowFault(window: unknown): string | undefined {
  if (typeof window !== 'object' || !window || Array.isArray(window)) return 'window';
  const w = window as ScheduleWindow;
  const names = Object.keys(w);
  if (!names.length || names.some((n) => n !== 'day' && n !== 'time')) return 'window';
  if ('day' in w && !parseDays(w.day)) return 'window.day';
  if ('time' in w && !parseTime(w.time)) return 'window.time';
  return undefined;
}
