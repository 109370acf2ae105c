import { RUN_LIMITS } from './limits';
import type { IntegrationRun } from './types';

/** Finished runs, oldest first, within RUN_LIMITS (the oldest are dropped first). */
export interface RunLog {
  /** Keeps `run` (dropping the oldest over the limits) and returns it. */
  record(run: IntegrationRun): IntegrationRun;
  runs(): readonly IntegrationRun[];
  /** How many runs were dropped over RUN_LIMITS. */
  dropped(): number;
}

export function createRunLog(): RunLog {
  const runs: IntegrationRun[] = [];
  const sizes: number[] = []; // of runs[i]
  let keptBytes = 0;
  let dropped = 0;
  return {
    record(run) {
      const size = sizeOf(run);
      runs.push(run);
      sizes.push(size);
      keptBytes += size;
      while (runs.length > 1 && (runs.length > RUN_LIMITS.runs || keptBytes > RUN_LIMITS.bytes)) {
        runs.shift();
        keptBytes -= sizes.shift() ?? 0;
        dropped++;
      }
      return run;
    },
    runs: () => runs,
    dropped: () => dropped,
  };
}

/** The JSON characters a run holds (payload, result, log messages): what RUN_LIMITS.bytes counts. */
function sizeOf(run: IntegrationRun): number {
  let size = 0;
  for (const value of [run.payload, run.result]) {
    try {
      size += JSON.stringify(value)?.length ?? 0;
    } catch {
      // Not JSON (cannot happen for what the routes accept): counted as nothing.
    }
  }
  for (const line of run.logs) size += line.message.length;
  return size;
}
