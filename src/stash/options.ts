/** Storage levels: `public` (read and write from clients), `protected` (read-only from clients). */
export type StashLevel = 'public' | 'protected';

/** Options of `createStash(opType, trackingId, options)`. */
export interface StashOptions {
  /** Prefix every key with `<namespace>:`. Default: none. */
  namespace?: string;
  /** Prefix every key (after the namespace) with `<visitorId>:`. Default `false`. */
  useVisitorId?: boolean;
  /**
   * The visitor id used by `useVisitorId`. Default: read at each call from the `_svcTracker`
   * cookie (else `svc_permanent`), else the page's tracker.
   */
  visitorId?: string;
  /** Storage level, `kv` only: `public` or `protected` (reads only). Default `public`. */
  level?: StashLevel;
  /** Milliseconds before one attempt is aborted (`TIMEOUT`); 0 means none. Default `0`. */
  timeout?: number;
  /** Base URL of the stash. Default: `setEndpoints({ stash })`, else `https://stash.svc.example`. */
  endpoint?: string;
  /**
   * Retries after a first failed attempt of a read or an overwrite (network failure, HTTP 5xx,
   * body status 500), with exponential backoff and full jitter. Never used by
   * `increment`/`decrement`. Default `2` (3 attempts).
   */
  retries?: number;
}
