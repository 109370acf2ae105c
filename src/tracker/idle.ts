// Work that can wait for the page: the tracker opens storage and takes over what dead pages left
// in the browser's idle time after the page's load, not in the task that runs the script tag.

/** Ms that work deferred to idle time waits at most: a page that never idles still gets it done. */
const IDLE_BOUND_MS = 2000;

/** Work deferred by `whenIdle`. */
export interface Deferred {
  /** Runs the work now, unless it has run or was cancelled. */
  now(): void;
  /** The work never runs. */
  cancel(): void;
}

/**
 * Runs `task` once, in the browser's idle time (`requestIdleCallback`, within `IDLE_BOUND_MS`),
 * or in a task of its own where there is no idle callback (Safari, Node); `now()` runs it earlier.
 */
export function whenIdle(task: () => void): Deferred {
  let pending = true;
  const now = () => {
    if (!pending) return;
    pending = false;
    task();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(now, { timeout: IDLE_BOUND_MS });
  else setTimeout(now, 0);
  return {
    now,
    cancel() {
      pending = false;
    },
  };
}
