/** Storage levels: `public` (read and write from clients), `protected` (read-only from clients). */
export type StashLevel = 'public' | 'protected';

/**
 * The default of each option of `createStash` that has one, written once: the code uses this object
 * and the option's doc comment names its entry. The others default to nothing (see each option).
 */
export const STASH_DEFAULTS = {
  useVisitorId: false,
  level: 'public',
  /** Like Algolia's read timeout: a read that hangs fails with `TIMEOUT` instead of waiting forever. */
  timeout: 5000,
  /** 3 attempts in all. */
  retries: 2,
} as const satisfies StashOptions;

/** Options of `createStash(opType, trackingId, options)`. */
export interface StashOptions {
  /** Prefix every key with `<namespace>:`. @default undefined */
  namespace?: string;
  /** Prefix every key (after the namespace) with `<visitorId>:`. @default false */
  useVisitorId?: boolean;
  /**
   * The visitor id used by `useVisitorId`. Without it, the visitor id is read at each call from the `_svcTracker`
   * cookie (else `svc_permanent`), else from the page's tracker.
   * @default undefined
   */
  visitorId?: string;
  /** Storage level, `kv` only: `public` or `protected` (reads only). @default 'public' */
  level?: StashLevel;
  /**
   * Milliseconds before one attempt, headers and body, is aborted (`TIMEOUT`); 0 means none (a read
   * may then wait forever on a server that never finishes its answer). Without it, `STASH_DEFAULTS.timeout` applies.
   * @default 5000
   */
  timeout?: number;
  /**
   * Base URL of the stash. Without it, the `stash` of `setEndpoints()`, else `https://stash.svc.example`.
   * @default undefined
   */
  endpoint?: string;
  /**
   * Retries after a first failed attempt of a read or an overwrite (network failure, HTTP 5xx,
   * body status 500), with exponential backoff and full jitter. Never used by
   * `increment`/`decrement`. The default, 2, makes 3 attempts in all.
   * @default 2
   */
  retries?: number;
}
