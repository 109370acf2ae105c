import { BadRequestError, NotFoundError, RateLimitedError, ServerError, type SvcError } from './errors';

/**
 * The error of a failed status (HTTP, or the body's `status` under HTTP 200): 404 `NOT_FOUND`,
 * 429 `RATE_LIMITED` (with `retryAt` from the body, else from `Retry-After`), 5xx `SERVER_ERROR`,
 * any other `BAD_REQUEST`. The one place statuses become errors.
 * @internal
 */
export function errorForStatus(
  what: string,
  status: number,
  body: Record<string, unknown>,
  retryAfterMs?: number,
): SvcError {
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
