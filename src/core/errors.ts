import { describe } from './describe';

/**
 * Every failure of every client is an `SvcError` with a stable `code`.
 * One class per failure, each with its own `name`, so callers can branch on
 * `err.code` (stable across versions) or `instanceof` (within one bundle).
 */
export type ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'SERVER_ERROR'
  | 'PROTOCOL'
  | 'NO_RECOMMENDATIONS'
  | 'RATE_LIMITED';

/** What an `SvcError` may carry besides its code and message. */
export interface SvcErrorOptions {
  /**
   * HTTP status, or the body's `status` when HTTP said 200; absent when no answer came.
   * @default undefined
   */
  status?: number;
  /** The underlying failure (a `fetch` TypeError, an `AbortSignal`'s reason), as `Error.cause`. @default undefined */
  cause?: unknown;
  /** The platform's own `message` in its answer, when it gave one. @default undefined */
  detail?: string;
}

/** The base class of every error the svc clients throw or reject with; branch on `code`. */
export class SvcError extends Error {
  /** The class's name, e.g. `TimeoutError`: what a log line or stack trace shows. */
  override name = 'SvcError';
  /** What failed, stable across versions. */
  declare readonly code: ErrorCode;
  /** HTTP status, or the body's `status` when HTTP said 200; absent when no answer came. */
  declare readonly status?: number;
  /** The platform's own `message` in its answer (`experience 7 not found`), when it gave one. */
  declare readonly detail?: string;
  constructor(code: ErrorCode, message: string, options: SvcErrorOptions = {}) {
    super(message, options);
    this.code = code;
    this.status = options.status;
    if (options.detail !== undefined) this.detail = options.detail;
  }
}

/**
 * True when trying the same request again may succeed: a network failure, a 5xx (HTTP or body
 * status, an HTML 502 page included) or a 429 (after its `retryAt`).
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof SvcError)) return false;
  if (error.code === 'NETWORK' || error.code === 'SERVER_ERROR') return true;
  const status = error.status ?? 0;
  return status >= 500 || status === 429;
}

/** An argument was refused before any request was sent. */
export class InvalidArgumentError extends SvcError {
  override name = 'InvalidArgumentError';
  /** Name of the offending argument, e.g. `limit` or `options.meta.trackingId`. */
  declare readonly argument: string;
  /** The refused value, as given. */
  declare readonly value: unknown;
  constructor(argument: string, value: unknown, expectation: string) {
    super('INVALID_ARGUMENT', `${argument} ${expectation} (got ${describe(value)})`);
    this.argument = argument;
    this.value = value;
  }
}

/**
 * The message of a failure: what was being done, then what went wrong (`stash get "cart": status
 * 500`). Every error class below builds its message with it from what it is given.
 */
function failureMessage(action: string, problem: string): string {
  return action ? `${action}: ${problem}` : problem;
}

/** No complete answer in time (code `TIMEOUT`): the client's `timeout` passed, or the platform's gateway said 504. */
export class TimeoutError extends SvcError {
  override name = 'TimeoutError';
  /**
   * @param action what was being done, e.g. `stash get "cart"`
   * @param problem how the time ran out, e.g. `no response within 80 ms (request aborted)`
   */
  constructor(action: string, problem: string, options?: SvcErrorOptions) {
    super('TIMEOUT', failureMessage(action, problem), options);
  }
}
/** The request did not reach the platform or no answer came back: offline, DNS, CORS, reset (code `NETWORK`). */
export class NetworkError extends SvcError {
  override name = 'NetworkError';
  /**
   * @param action what was being done
   * @param cause the failure `fetch` gave (its message is quoted in the error's message)
   */
  constructor(action: string, cause: unknown) {
    const message = (cause as { message?: unknown } | null)?.message;
    const detail = typeof message === 'string' ? message : String(cause);
    super('NETWORK', failureMessage(action, `network failure (${detail})`), { cause });
  }
}
/** The platform answered 404: an unknown tracking id, experience or key (code `NOT_FOUND`). */
export class NotFoundError extends SvcError {
  override name = 'NotFoundError';
  /**
   * @param action what was being done
   * @param problem what the platform said, e.g. `status 404: experience 7 not found`
   */
  constructor(action: string, problem: string, options?: SvcErrorOptions) {
    super('NOT_FOUND', failureMessage(action, problem), options);
  }
}
/** The platform refused the request with a 4xx other than 404 and 429 (code `BAD_REQUEST`). */
export class BadRequestError extends SvcError {
  override name = 'BadRequestError';
  /**
   * @param action what was being done
   * @param problem what the platform said, e.g. `status 400: n out of range`
   */
  constructor(action: string, problem: string, options?: SvcErrorOptions) {
    super('BAD_REQUEST', failureMessage(action, problem), options);
  }
}
/** The platform answered 5xx, in HTTP or in the body's `status`; worth retrying (code `SERVER_ERROR`). */
export class ServerError extends SvcError {
  override name = 'ServerError';
  /**
   * @param action what was being done
   * @param problem what the platform said, e.g. `status 503`
   */
  constructor(action: string, problem: string, options?: SvcErrorOptions) {
    super('SERVER_ERROR', failureMessage(action, problem), options);
  }
}
/** The response was not the documented shape: HTML error page, truncated JSON, missing fields (code `PROTOCOL`). */
export class ProtocolError extends SvcError {
  override name = 'ProtocolError';
  /**
   * @param action what was being done
   * @param problem what was wrong with the answer, e.g. `invalid result.items[1].weight`
   */
  constructor(action: string, problem: string, options?: SvcErrorOptions) {
    super('PROTOCOL', failureMessage(action, problem), options);
  }
}
/** The platform answered a recommendations request with an empty list (code `NO_RECOMMENDATIONS`). */
export class NoRecommendationsError extends SvcError {
  override name = 'NoRecommendationsError';
  /** @param action the recommendations call, e.g. `recommendations popular for <url>` */
  constructor(action: string) {
    super('NO_RECOMMENDATIONS', failureMessage(action, 'no recommendations'));
  }
}
/** The platform answered 429: too many calls; try again after `retryAt` (code `RATE_LIMITED`). */
export class RateLimitedError extends SvcError {
  override name = 'RateLimitedError';
  /** When the platform will accept the call again (ISO 8601, UTC), if it said. */
  declare readonly retryAt?: string;
  /**
   * @param action what was being done
   * @param problem what the platform said, e.g. `status 429`
   * @param retryAt when to try again (ISO 8601, UTC), if the platform said
   */
  constructor(action: string, problem: string, retryAt?: string, options?: SvcErrorOptions) {
    super('RATE_LIMITED', failureMessage(action, problem), options);
    this.retryAt = retryAt;
  }
}
