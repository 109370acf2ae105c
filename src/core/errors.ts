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

export interface SvcErrorOptions {
  /** HTTP status, or the body's `status` when HTTP said 200. */
  status?: number;
  cause?: unknown;
}

export class SvcError extends Error {
  override name = 'SvcError';
  declare readonly code: ErrorCode;
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
  declare readonly value: unknown;
  constructor(argument: string, value: unknown, expectation: string) {
    super('INVALID_ARGUMENT', `${argument} ${expectation} (got ${describe(value)})`);
    this.argument = argument;
    this.value = value;
  }
}

export class TimeoutError extends SvcError {
  override name = 'TimeoutError';
}
export class NetworkError extends SvcError {
  override name = 'NetworkError';
}
export class NotFoundError extends SvcError {
  override name = 'NotFoundError';
}
export class BadRequestError extends SvcError {
  override name = 'BadRequestError';
}
export class ServerError extends SvcError {
  override name = 'ServerError';
}
/** The response was not the documented shape (HTML error page, truncated JSON, missing fields). */
export class ProtocolError extends SvcError {
  override name = 'ProtocolError';
}
export class NoRecommendationsError extends SvcError {
  override name = 'NoRecommendationsError';
}
export class RateLimitedError extends SvcError {
  override name = 'RateLimitedError';
  /** When the platform will accept the call again (ISO 8601, UTC), if it said. */
  declare readonly retryAt?: string;
  constructor(message: string, retryAt?: string, options?: SvcErrorOptions) {
    super('RATE_LIMITED', message, options);
    this.retryAt = retryAt;
  }
}
