// Work that can wait for the page: the tracker opens storage and takes over what dead pages left
// in the browser's idle time after the page's load, not in the task that runs the script tag.

/** Ms that each step deferred to idle time waits at most: a page that never idles still gets it done. */
const IDLE_BOUND_MS = 2000;

/** Work deferred by `whenIdle`. */
export interface Deferred {
  /** Runs the steps that have not run yet now, in order, unless cancelled. */
  now(): void;
  /** The steps that have not run yet never run. */
  cancel(): void;
}

/** Calls `task` in the browser's idle time (within `IDLE_BOUND_MS`), or in a task of its own where there is none. */
function later(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: IDLE_BOUND_MS });
  else setTimeout(task, 0);
}

/**
 * Runs `steps` in order, each once and in an idle callback of its own (`requestIdleCallback`), so
 * that no one callback grows long; in a task of its own each where there is no idle callback
 * (Safari, Node). `now()` runs the steps left at once.
 */
export function whenIdle(...steps: (() => void)[]): Deferred {
  const left = [...steps];
  // One callback per step, each running the first step left: callbacks run in the order asked for.
  for (const _step of steps) later(() => left.shift()?.());
  return {
    now() {
      while (left.length) left.shift()?.();
    },
    cancel() {
      left.length = 0;
    },
  };
}
