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

/**
 * Throws an `InvalidArgumentError` naming the argument, its value and what was expected.
 * @internal the packages' own argument checks; not part of the published types.
 */
export function invalid(argument: string, value: unknown, expectation: string): never {
  throw new InvalidArgumentError(argument, value, expectation);
}

function describe(value: unknown): string {
  // Objects and strings as JSON (quotes show a string's edges); numbers, NaN, undefined, symbols,
  // bigints as written. Whatever the value does (a null prototype, a Proxy whose traps throw, a
  // cycle, a throwing toString), describing it never throws.
  const asJson = typeof value === 'string' || (typeof value === 'object' && value !== null);
  const text =
    attempt(() => (asJson ? JSON.stringify(value) : undefined)) ??
    attempt(() => String(value)) ??
    attempt(() => Object.prototype.toString.call(value)) ??
    `a${typeof value === 'object' ? 'n' : ''} ${typeof value}`;
  return text.length > 80 ? text.slice(0, 80) + '...' : text;
}

/**
 * The error of a failed status (HTTP, or the body's `status` under HTTP 200): 404 `NOT_FOUND`,
 * 429 `RATE_LIMITED` (with `retryAt` from the body, else from `Retry-After`), 5xx `SERVER_ERROR`,
 * any other `BAD_REQUEST`. The one place statuses become errors.
 * @internal
 */
export function errorForStatus(what: string, status: number, body: Record<string, unknown>, retryAfterMs?: number): SvcError {
  const detail = typeof body.message === 'string' ? `: ${body.message}` : '';
  const message = `${what ? `${what}: ` : ''}status ${status}${detail}`;
  const options = { status };
  if (status === 404) return new NotFoundError('NOT_FOUND', message, options);
  if (status === 429) {
    let retryAt: string | undefined;
    if (typeof body.retryAt === 'string') retryAt = body.retryAt;
    else if (retryAfterMs !== undefined) retryAt = new Date(Date.now() + retryAfterMs).toISOString();
    return new RateLimitedError(message, retryAt, options);
  }
  if (status >= 500) return new ServerError('SERVER_ERROR', message, options);
  return new BadRequestError('BAD_REQUEST', message, options);
}

/** What `read` returns, or undefined when it throws or returns no string. */
function attempt(read: () => string | undefined): string | undefined {
  try {
    const text = read();
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}
