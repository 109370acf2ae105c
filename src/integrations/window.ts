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
  /**
   * Weekday or weekday range, e.g. `mon-fri`, `sat`, `fri-mon`. Without it, every day.
   * @default undefined
   */
  day?: string;
  /**
   * Clock-time range, e.g. `09:00-17:00` or `22:00-06:00`. Without it, the whole day.
   * @default undefined
   */
  time?: string;
}

/** Weekday names in `Date#getUTCDay()` order. */
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** A `day` value: a weekday or a weekday range, any case. */
const DAY_RANGE = new RegExp(`^(${WEEKDAYS.join('|')})(?:-(${WEEKDAYS.join('|')}))?$`, 'i');
/** A `time` value's shape: `HH:MM-HH:MM` (that start and end differ is checked apart). */
const TIME_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** The weekdays (0 = sunday) a `day` range covers, or `undefined` when it is malformed. */
export function parseDays(day: unknown): number[] | undefined {
  const m = typeof day === 'string' ? DAY_RANGE.exec(day) : null;
  if (!m) return undefined;
  const from = WEEKDAYS.indexOf(m[1].toLowerCase());
  const to = m[2] ? WEEKDAYS.indexOf(m[2].toLowerCase()) : from;
  const days = [from];
  let d = from;
  while (d !== to) {
    d = (d + 1) % 7;
    days.push(d);
  }
  return days;
}

/** `[start, end]` in minutes after midnight for a `time` range, or `undefined` when it is malformed. */
export function parseTime(time: unknown): [number, number] | undefined {
  const m = typeof time === 'string' ? TIME_RANGE.exec(time) : null;
  if (!m) return undefined;
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  return start === end ? undefined : [start, end];
}

/** How each field of a window is read: a malformed value reads as `undefined`. */
const WINDOW_FIELDS: Record<keyof ScheduleWindow, (value: unknown) => unknown> = { day: parseDays, time: parseTime };

/**
 * The field of `window` that is malformed (`window`, `window.day`, `window.time`), or `undefined`
 * when it is a valid window: an object with `day` and/or `time` and nothing else
 * (a field whose value is `undefined` counts as absent).
 */
export function windowFault(window: unknown): 'window' | 'window.day' | 'window.time' | undefined {
  if (typeof window !== 'object' || window === null || Array.isArray(window)) return 'window';
  let fields = 0;
  for (const [name, value] of Object.entries(window)) {
    if (!Object.hasOwn(WINDOW_FIELDS, name)) return 'window';
    if (value === undefined) continue;
    fields += 1;
    const field = name as keyof ScheduleWindow;
    if (WINDOW_FIELDS[field](value) === undefined) return `window.${field}`;
  }
  return fields > 0 ? undefined : 'window';
}
