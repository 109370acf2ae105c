// The memory limit on everything the handler allocates, not only its V8 heap (which the worker's
// `resourceLimits` bound): buffers outside the heap, typed arrays, nested workers all live in the
// runner's process, so the process's resident set is watched while the handler runs, and the run
// is stopped (OUT_OF_MEMORY) once it has grown by more than the limit.
import { MEMORY_CHECK_MS } from './log-limits';

const MB = 1024 * 1024;

/** Watches the process's resident set from now; `onOver(grownMb)` once it has grown by more than `limitMb`. */
export class MemoryWatch {
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(limitMb: number, onOver: (grownMb: number) => void) {
    const baseline = process.memoryUsage.rss();
    this.#timer = setInterval(() => {
      const grown = process.memoryUsage.rss() - baseline;
      if (grown <= limitMb * MB) return;
      this.stop();
      onOver(Math.round(grown / MB));
    }, MEMORY_CHECK_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
