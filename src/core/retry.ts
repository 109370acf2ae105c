// Retry policy as data, handed to ky's `retry` option (ky's source/types/retry.ts). A client gives
// a policy only for operations that are safe to repeat (reads and overwrites; never `incr`/`decr`).
//
// Two retry policies on purpose: this one is for calls a caller awaits (a few quick tries, then the
// error goes back to the caller, who decides; a 429 goes back at once with its `retryAt`). The
// tracker's (`retryable` in src/tracker/retryable.ts, `backoff` in delivery.ts) is for events nobody awaits: it
// never gives up while the queue holds them, so it also retries 408 and 429, waits up to minutes,
// and honours `Retry-After` as a floor with jitter on top.
import { HTTPError, type RetryOptions as KyRetryOptions } from 'ky';
import { isRetryable, SvcError } from './errors';
import { retryAfterMs } from './retry-after';
import { errorForStatus } from './status';

/** When and how often a failed request is tried again; every field has a default. */
export interface RetryPolicy {
  /** Tries after the first one. @default 2 */
  limit?: number;
  /** Backoff base in ms: retry k (from 1) waits a random time in [0, min(maxMs, baseMs * 2^(k-1))]. @default 100 */
  baseMs?: number;
  /** Upper bound of one wait in ms; a `Retry-After` asking for longer ends the retries. @default 2000 */
  maxMs?: number;
  /**
   * Which failures to try again. Without it, `retriesOnItsOwn` decides: network failures and 5xx (HTTP or body
   * status), not 429: a rate-limited call goes back to the caller with its `retryAt` (see `isRetryable`).
   * @default undefined
   */
  shouldRetry?: (error: SvcError) => boolean;
  /** Called before each retry, with the failure and the retry's number (from 1). */
  onRetry?: (error: unknown, retryCount: number) => void;
}

/** Automatic retries: what `isRetryable` says, except 429 (its wait is the platform's to say). */
const retriesOnItsOwn = (error: SvcError): boolean => isRetryable(error) && error.code !== 'RATE_LIMITED';

/** The retry policy's defaults: 2 retries, waits from 100 ms up to 2 s, network failures and 5xx only. */
const DEFAULT_RETRY: Readonly<Required<Pick<RetryPolicy, 'limit' | 'baseMs' | 'maxMs' | 'shouldRetry'>>> = {
  limit: 2,
  baseMs: 100,
  maxMs: 2000,
  shouldRetry: retriesOnItsOwn,
};

/** Every 5xx: what the platform answers when the same request may succeed later. */
const SERVER_STATUSES = Array.from({ length: 100 }, (_, i) => 500 + i);

/** Our policy in ky's terms: ky counts, waits and honours `Retry-After`; the decision is ours. */
export function kyRetry(policy: RetryPolicy): KyRetryOptions {
  const { limit, baseMs, maxMs, shouldRetry } = { ...DEFAULT_RETRY, ...policy };
  return {
    limit,
    // The caller gave a policy, so the operation is safe to repeat whatever its method.
    methods: ['get', 'post'],
    statusCodes: SERVER_STATUSES,
    // A 503's Retry-After is honoured (when within maxMs); 429 is not retried (see retriesOnItsOwn).
    afterStatusCodes: [503],
    maxRetryAfter: maxMs,
    delay: (retryCount) => baseMs * 2 ** (retryCount - 1),
    // Full jitter under the cap: uniform in [0, min(maxMs, delay)].
    jitter: (delay) => Math.random() * Math.min(delay, maxMs),
    backoffLimit: maxMs,
    shouldRetry: ({ error }) => {
      if (error instanceof HTTPError) {
        const { status, headers } = error.response;
        if (!shouldRetry(errorForStatus('', status, {}))) return false;
        const wait = retryAfterMs(headers.get('retry-after'));
        // Asked to wait longer than we would: give up now; the error carries the wait.
        if (wait !== undefined && wait > maxMs) return false;
        return undefined; // ky's own path: the status codes above, Retry-After, then the backoff
      }
      return error instanceof SvcError && shouldRetry(error);
    },
  };
}
