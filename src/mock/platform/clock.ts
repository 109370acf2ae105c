/**
 * The platform's time. Everything in the mock that depends on time (deferkv expiry, UTC days of
 * counters, `new` products, schedules, rate limits) reads `clock.now()`, never `Date.now()`.
 *
 * - Created with a start time, the clock is frozen: time moves only by `set`/`advance`.
 * - Created without one, it follows real time (plus whatever `set`/`advance` added).
 * Tasks registered with `at` run, in time order, when the clock passes them: on `set`, `advance`
 * and `tick` (the MSW handlers tick before every request).
 */
export interface Clock {
  /** Platform time, epoch milliseconds. */
  now(): number;
  /** Jumps to a time (epoch ms, Date or ISO string) and runs the tasks that became due. */
  set(time: number | Date | string): void;
  /** Moves time forward by `ms` and runs the tasks that became due, each at its own time. */
  advance(ms: number): void;
  /** Runs `task` once platform time reaches `time`. Returns a function that cancels it. */
  at(time: number, task: () => void): () => void;
  /** Runs the tasks that are due now. */
  tick(): void;
  /** True when time moves only by `set`/`advance`. */
  readonly frozen: boolean;
}

interface Task {
  time: number;
  seq: number;
  run: () => void;
}

/**
 * `start`: the time to begin at (default: real time). `frozen` (default: true when `start` is
 * given) stops time between `set`/`advance`; `createClock(t, false)` begins at `t` and then
 * follows real time (how a restored platform resumes a real-time clock).
 */
export function createClock(start?: number | Date | string, frozen = start !== undefined): Clock {
  let offset = start === undefined ? 0 : toMs(start) - (frozen ? 0 : Date.now());
  const base = () => (frozen ? 0 : Date.now());
  let tasks: Task[] = [];
  let seq = 0;
  // While a task runs, now() reports the task's time so work it schedules is relative to it.
  let pinned: number | undefined;

  const now = () => pinned ?? base() + offset;

  const runUntil = (limit: number) => {
    for (;;) {
      tasks.sort((a, b) => a.time - b.time || a.seq - b.seq);
      const next = tasks[0];
      if (!next || next.time > limit) return;
      tasks.shift();
      pinned = Math.max(next.time, pinned ?? -Infinity);
      try {
        next.run();
      } finally {
        pinned = undefined;
      }
    }
  };

  return {
    now,
    get frozen() {
      return frozen;
    },
    set(time) {
      const target = toMs(time);
      runUntil(target);
      offset = target - base();
    },
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError(`clock.advance: ms must be >= 0 (got ${ms})`);
      const target = now() + ms;
      runUntil(target);
      offset = target - base();
    },
    at(time, run) {
      const task = { time, seq: seq++, run };
      tasks.push(task);
      return () => {
        tasks = tasks.filter((t) => t !== task);
      };
    },
    tick() {
      runUntil(now());
    },
  };
}

function toMs(time: number | Date | string): number {
  const ms = typeof time === 'number' ? time : new Date(time).getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`clock: not a time: ${String(time)}`);
  return ms;
}
