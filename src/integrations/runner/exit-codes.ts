/**
 * What the `svc-integration` command exits with, so scripts and CI can tell runs apart.
 * `usage` and `internal` are BSD's EX_USAGE and EX_SOFTWARE.
 */
export const EXIT_CODES = {
  /** The handler returned. */
  ok: 0,
  /** The handler threw (or rejected, or returned something that is not JSON, or exited). */
  error: 1,
  /** The handler did not finish within the timeout and was stopped. */
  timeout: 2,
  /**
   * The integration could not start: no integration.js, bad package.json, missing dependency, no exported function,
   * load error.
   */
  boot: 3,
  /** Wrong arguments, unreadable or invalid payload / secrets file. */
  usage: 64,
  /** A failure of the runner itself (a bug: please report it with the printed stack). */
  internal: 70,
} as const;
