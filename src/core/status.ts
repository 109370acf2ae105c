import { BadRequestError, NotFoundError, RateLimitedError, ServerError, type SvcError } from './errors';

/**
 * The error of a failed status (HTTP, or the body's `status` under HTTP 200): 404 `NOT_FOUND`,
 * 429 `RATE_LIMITED` (with `retryAt` from the body, else from `Retry-After`), 5xx `SERVER_ERROR`,
 * any other `BAD_REQUEST`. The one place statuses become errors.
 * @internal
 */
export function errorForStatus(
  action: string,
  status: number,
  body: Record<string, unknown>,
  retryAfterMs?: number,
): SvcError {
  const detail = typeof body.message === 'string' ? body.message : undefined;
  const problem = detail === undefined ? `status ${status}` : `status ${status}: ${detail}`;
  const options = { status, detail };
  if (status === 404) return new NotFoundError(action, problem, options);
  if (status === 429) {
    let retryAt: string | undefined;
    if (typeof body.retryAt === 'string') retryAt = body.retryAt;
    else if (retryAfterMs !== undefined) retryAt = new Date(Date.now() + retryAfterMs).toISOString();
    return new RateLimitedError(action, problem, retryAt, options);
  }
  if (status >= 500) return new ServerError(action, problem, options);
  return new BadRequestError(action, problem, options);
}
