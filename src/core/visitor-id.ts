import { type CookieValues, readCookies } from './cookies';

/** Cookie holding the visitor id (the platform's contextId). */
export const VISITOR_COOKIE = '_svcTracker';
/** Older cookie `<visitorId>:<rest>`, read when `_svcTracker` is absent. */
export const PERMANENT_COOKIE = 'svc_permanent';

/**
 * The visitor id of this browser: `_svcTracker`, else `svc_permanent` before its first `:`, from
 * `cookies` (by default the page's, read once). Undefined in Node (no `document`) or when cookies
 * cannot be read: pass an explicit id there.
 */
export function readVisitorId(cookies: CookieValues = readCookies()): string | undefined {
  const visitor = cookies[VISITOR_COOKIE];
  if (visitor) return visitor;
  const permanent = cookies[PERMANENT_COOKIE]?.split(':')[0];
  return permanent || undefined;
}
