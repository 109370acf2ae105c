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
  /** HTTP status, or the body's `status` when HTTP said 200. */
  status?: number;
  /** The underlying failure (a `fetch` TypeError, an `AbortSignal`'s reason), as `Error.cause`. */
  cause?: unknown;
}

/** The base class of every error the svc clients throw or reject with; branch on `code`. */
export class SvcError extends Error {
  /** The class's name, e.g. `TimeoutError`: what a log line or stack trace shows. */
  override name = 'SvcError';
  /** What failed, stable across versions. */
  declare readonly code: ErrorCode;
  /** HTTP status, or the body's `status` when HTTP said 200; absent when no answer came. */
  declare readonly status?: number;
  constructor(code: ErrorCode, message: string, options: SvcErrorOptions = {}) {
    super(message, options);
    this.code = code;
    this.status = options.status;
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

/** No complete answer within the client's `timeout` (code `TIMEOUT`). */
export class TimeoutError extends SvcError {
  override name = 'TimeoutError';
}
/** The request did not reach the platform or no answer came back: offline, DNS, CORS, reset (code `NETWORK`). */
export class NetworkError extends SvcError {
  override name = 'NetworkError';
}
/** The platform answered 404: an unknown tracking id, experience or key (code `NOT_FOUND`). */
export class NotFoundError extends SvcError {
  override name = 'NotFoundError';
}
/** The platform refused the request with a 4xx other than 404 and 429 (code `BAD_REQUEST`). */
export class BadRequestError extends SvcError {
  override name = 'BadRequestError';
}
/** The platform answered 5xx, in HTTP or in the body's `status`; worth retrying (code `SERVER_ERROR`). */
export class ServerError extends SvcError {
  override name = 'ServerError';
}
/** The response was not the documented shape (HTML error page, truncated JSON, missing fields). */
export class ProtocolError extends SvcError {
  override name = 'ProtocolError';
}
/** The platform answered a recommendations request with an empty list (code `NO_RECOMMENDATIONS`). */
export class NoRecommendationsError extends SvcError {
  override name = 'NoRecommendationsError';
}
/** The platform answered 429: too many calls; try again after `retryAt` (code `RATE_LIMITED`). */
export class RateLimitedError extends SvcError {
  override name = 'RateLimitedError';
  /** When the platform will accept the call again (ISO 8601, UTC), if it said. */
  declare readonly retryAt?: string;
  constructor(message: string, retryAt?: string, options?: SvcErrorOptions) {
    super('RATE_LIMITED', message, options);
    this.retryAt = retryAt;
  }
}
