/**
 * Bounds on a run's log, so no handler output can exhaust the runner: a line longer than
 * `lineLength` characters is cut and marked; handler output beyond `totalCharacters` in all is
 * dropped and counted (`RunReport.dropped`, and the final line says how much).
 */
export const LOG_LIMITS = {
  lineLength: 8_192,
  totalCharacters: 1_048_576,
} as const;

/** The memory a handler's heap may take, in MB, when `RunOptions.memoryLimitMb` is not given. */
export const DEFAULT_MEMORY_LIMIT_MB = 128;
