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
  cancelled: boolean;
}

/**
 * Pending tasks, soonest first (ties in registration order): a binary heap, so registering one
 * and running the next take O(log n) whatever the number pending. A cancelled task is marked and
 * skipped when it comes up (the heap is rebuilt without them once they are half of it).
 */
class TaskQueue {
  private heap: Task[] = [];
  private cancelled = 0;

  push(task: Task): void {
    this.heap.push(task);
    this.up(this.heap.length - 1);
  }

  /** The soonest task not cancelled, left in the queue. */
  peek(): Task | undefined {
    while (this.heap[0]?.cancelled) {
      this.pop();
      this.cancelled--;
    }
    return this.heap[0];
  }

  pop(): Task | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length && last) {
      this.heap[0] = last;
      this.down(0);
    }
    return top;
  }

  cancel(task: Task): void {
    if (task.cancelled) return;
    task.cancelled = true;
    if (++this.cancelled * 2 <= this.heap.length) return;
    const live = this.heap.filter((t) => !t.cancelled);
    this.heap = [];
    this.cancelled = 0;
    for (const t of live) this.push(t);
  }

  private before(a: Task, b: Task): boolean {
    return a.time < b.time || (a.time === b.time && a.seq < b.seq);
  }

  private up(i: number): void {
    const { heap } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i], heap[parent])) return;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  private down(i: number): void {
    const { heap } = this;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < heap.length && this.before(heap[left], heap[first])) first = left;
      if (right < heap.length && this.before(heap[right], heap[first])) first = right;
      if (first === i) return;
      [heap[i], heap[first]] = [heap[first], heap[i]];
      i = first;
    }
  }
}

/**
 * `start`: the time to begin at (default: real time). `frozen` (default: true when `start` is
 * given) stops time between `set`/`advance`; `createClock(t, false)` begins at `t` and then
 * follows real time (how a restored platform resumes a real-time clock).
 */
export function createClock(start?: number | Date | string, frozen = start !== undefined): Clock {
  let offset = start === undefined ? 0 : toMs(start) - (frozen ? 0 : Date.now());
  const base = () => (frozen ? 0 : Date.now());
  const tasks = new TaskQueue();
  let seq = 0;
  // While a task runs, now() reports the task's time so work it schedules is relative to it.
  let pinned: number | undefined;

  const now = () => pinned ?? base() + offset;

  const runUntil = (limit: number) => {
    for (;;) {
      const next = tasks.peek();
      if (!next || next.time > limit) return;
      tasks.pop();
      next.cancelled = true; // ran: cancelling it now does nothing
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
      if (!(target <= MAX_TIME))
        throw new RangeError(
          `clock.advance: ms would take the clock past ${new Date(MAX_TIME).toISOString()} (got ${ms})`,
        );
      runUntil(target);
      offset = target - base();
    },
    at(time, run) {
      const task = { time, seq: seq++, run, cancelled: false };
      tasks.push(task);
      return () => tasks.cancel(task);
    },
    tick() {
      runUntil(now());
    },
  };
}

/** The latest time a Date can hold (ECMAScript: 8.64e15 ms from the epoch): the clock never goes past it. */
export const MAX_TIME = 8.64e15;

function toMs(time: number | Date | string): number {
  const ms = typeof time === 'number' ? time : new Date(time).getTime();
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME)
    throw new RangeError(`clock: not a time: ${String(time)} (a Date's range is ±${MAX_TIME} ms)`);
  return ms;
}
