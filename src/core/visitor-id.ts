/** Cookie holding the visitor id (the platform's contextId). */
export const VISITOR_COOKIE = '_svcTracker';
/** Older cookie `<visitorId>:<rest>`, read when `_svcTracker` is absent. */
export const PERMANENT_COOKIE = 'svc_permanent';

/**
 * The value of a cookie of this page, percent-decoded (a malformed escape is kept as written).
 * Reading needs no library: one regular expression over `document.cookie`.
 */
export function readCookie(name: string): string | undefined {
  try {
    const value = document.cookie.match(`(?:^|; )${name}=([^;]*)`)?.[1];
    try {
      return value && decodeURIComponent(value);
    } catch {
      return value;
    }
  } catch {
    return undefined; // no document (Node), or cookies blocked
  }
}

/**
 * The visitor id of this browser: `_svcTracker`, else `svc_permanent` before its first `:`.
 * Undefined in Node (no `document`) or when cookies cannot be read: pass an explicit id there.
 */
export function readVisitorId(): string | undefined {
  return readCookie(VISITOR_COOKIE) || readCookie(PERMANENT_COOKIE)?.split(':')[0] || undefined;
}
