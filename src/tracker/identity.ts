// The visitor's identity in cookies, as PROTOCOL.md "Visitor identity" says: `_svcTracker` and
// `svc_permanent`, Path=/, the widest Domain the browser accepts, one year renewed on each load,
// SameSite=Lax, Secure on https. An existing id is never replaced.
import Cookies from 'js-cookie';
import { PERMANENT_COOKIE, VISITOR_COOKIE, readVisitorId } from '../core/visitor-id';

const PROBE = '_svcProbe';
/** Probed cookie domain per host name ('' = host cookie); the probe runs once per page. */
const probed = new Map<string, string>();

const attributes = (domain: string): Cookies.CookieAttributes => ({
  domain: domain || undefined,
  path: '/',
  expires: 365,
  sameSite: 'Lax',
  secure: location.protocol == 'https:',
});

/**
 * The widest domain the browser lets this page set cookies on: candidates from the shortest
 * suffix of two labels down to the host itself, the first that sticks wins. The browser refuses
 * public suffixes (`co.uk`, `github.io`), so the winner never is one. `''` (a host cookie) for
 * `localhost`, IP addresses, or when no Domain sticks. Memoised per host name.
 */
export function cookieDomain(host = location.hostname): string {
  let domain = probed.get(host);
  if (domain === undefined) {
    domain = '';
    const labels = host.split('.');
    if (!/^[\d.]+$|:/.test(host)) {
      for (let i = labels.length - 2; i >= 0 && !domain; i--) {
        const candidate = labels.slice(i).join('.');
        try {
          Cookies.set(PROBE, '1', { domain: candidate, path: '/' });
          if (Cookies.get(PROBE)) domain = candidate;
          Cookies.remove(PROBE, { domain: candidate, path: '/' });
        } catch {
          // cookies blocked: a host cookie (which will not stick either)
        }
      }
    }
    probed.set(host, domain);
  }
  return domain;
}

/**
 * Writes both cookies: an existing value is written back as it is (expiry renewed), a missing one
 * gets `id`. Returns the visitor id the cookies now hold, or `undefined` when the browser kept
 * none (cookies blocked or disabled).
 */
export function writeIdentity(id: string, domain: string): string | undefined {
  try {
    for (const name of [VISITOR_COOKIE, PERMANENT_COOKIE]) Cookies.set(name, Cookies.get(name) || id, attributes(domain));
  } catch {
    // a throwing document.cookie: reported by the read below
  }
  return readVisitorId();
}

/** Removes both cookies (consent withdrawn). */
export function removeIdentity(domain: string): void {
  try {
    for (const name of [VISITOR_COOKIE, PERMANENT_COOKIE]) Cookies.remove(name, attributes(domain));
  } catch {
    // nothing to remove
  }
}
