import { DEFAULTS } from '../defaults';

/**
 * Bounds on a run's log, so no handler output can exhaust the runner: a line longer than
 * `lineLength` characters is cut and marked; handler output beyond `totalCharacters` in all is
 * dropped and counted (`RunReport.dropped`, and the final line says how much).
 */
export const LOG_LIMITS = {
  lineLength: 8_192,
  totalCharacters: 1_048_576,
} as const;

/**
 * The memory a handler may take, in MB, when `RunOptions.memoryLimitMb` is not given: its heap, and
 * the growth of its process's resident set outside that heap while it runs (buffers, nested workers).
 */
export const DEFAULT_MEMORY_LIMIT_MB = DEFAULTS.memoryLimitMb;

/** How often, in ms, the handler's process measures its resident set (host.ts). */
export const MEMORY_CHECK_MS = 25;
