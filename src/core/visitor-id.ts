import Cookies from 'js-cookie';

/** Cookie holding the visitor id (the platform's contextId). */
export const VISITOR_COOKIE = '_svcTracker';
/** Older cookie `<visitorId>:<rest>`, read when `_svcTracker` is absent. */
export const PERMANENT_COOKIE = 'svc_permanent';

/**
 * The visitor id of this browser: `_svcTracker`, else `svc_permanent` before its first `:`.
 * Undefined in Node (no `document`) or when cookies cannot be read: pass an explicit id there.
 */
export function readVisitorId(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  try {
    return Cookies.get(VISITOR_COOKIE) || Cookies.get(PERMANENT_COOKIE)?.split(':')[0] || undefined;
  } catch {
    return undefined;
  }
}
