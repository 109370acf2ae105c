// The visitor's identity in cookies, as PROTOCOL.md "Visitor identity" says: `_svcTracker` and
// `svc_permanent`, Path=/, the widest Domain the browser accepts, one year renewed on each load,
// SameSite=Lax, Secure on https. An existing id is never replaced.
//
// Every cookie goes through core's js-cookie jar (Path=/, SameSite=Lax, Secure on https).
import {
  type CookieValues,
  PERMANENT_COOKIE,
  readCookie,
  readCookies,
  readVisitorId,
  removeCookie,
  VISITOR_COOKIE,
  writeCookie,
} from '@svc/core';

/** `_svcTracker` (the visitor id), then `svc_permanent` (`<visitorId>[:<rest>]`). */
export const COOKIES = [VISITOR_COOKIE, PERMANENT_COOKIE] as const;

/** The visitor id the cookies hold: `_svcTracker`, else `svc_permanent` before its first `:`. */
export const readIdentity = readVisitorId;

/** Probed cookie domain per host name ('' = host cookie). */
const probed = new Map<string, string>();

/**
 * The widest domain the browser lets this page set cookies on: candidates from the shortest
 * suffix of two labels down to the host itself, the first that sticks wins. The browser refuses
 * public suffixes (`co.uk`, `github.io`), so the winner never is one. `''` (a host cookie) for
 * `localhost`, IP addresses, or when no Domain sticks. Memoised per host name.
 */
export function cookieDomain(host = location.hostname): string {
  const known = probed.get(host);
  if (known !== undefined) return known;
  let domain = '';
  const isAddress = /^[\d.]+$|:/.test(host);
  const labels = host.split('.');
  // Candidates from the last two labels up to the whole host name.
  for (let first = labels.length - 2; !isAddress && first >= 0; first--) {
    const candidate = labels.slice(first).join('.');
    writeCookie('_svcProbe', '1', { domain: candidate });
    const stuck = readCookie('_svcProbe') !== undefined;
    removeCookie('_svcProbe', candidate);
    if (stuck) {
      domain = candidate;
      break;
    }
  }
  probed.set(host, domain);
  return domain;
}

/**
 * Writes both cookies: an existing value in `cookies` (by default the page's, read now) is written
 * back as it is (expiry renewed), a missing one gets the existing visitor id, else `id`. Returns
 * the visitor id the cookies now hold (read once more), `undefined` when the browser kept none.
 */
export function writeIdentity(id: string, domain: string, cookies: CookieValues = readCookies()): string | undefined {
  const visitorId = readIdentity(cookies) || id;
  for (const name of COOKIES) writeCookie(name, cookies[name] || visitorId, { domain });
  return readIdentity();
}

/** Removes both cookies (consent withdrawn). */
export function removeIdentity(domain: string): void {
  for (const name of COOKIES) removeCookie(name, domain);
}
