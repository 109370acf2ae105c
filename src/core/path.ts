import { invalid } from './invalid';

/**
 * A path segment the platform accepts: URL-unreserved characters (`\w` is A-Za-z0-9_), 1..128 long, not `.` or `..`.
 */
export const SEGMENT = /^(?!\.\.?$)[\w.~-]{1,128}$/;

/**
 * Validates a caller-given path segment (tracking id, key, integration name) and percent-encodes it.
 * A client never sends a request whose path it had to guess.
 */
export function segment(argument: string, value: unknown): string {
  if (typeof value !== 'string' || !SEGMENT.test(value))
    invalid(argument, value, 'must be 1-128 of A-Za-z0-9._~- and not . or ..');
  return encodeURIComponent(value);
}
