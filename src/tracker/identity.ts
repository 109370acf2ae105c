// The visitor's identity in cookies, as PROTOCOL.md "Visitor identity" says: `_svcTracker` and
// `svc_permanent`, Path=/, the widest Domain the browser accepts, one year renewed on each load,
// SameSite=Lax, Secure on https. An existing id is never replaced.
//
// Written with document.cookie rather than js-cookie: the tracker's budget (3.5 KB gzip) does
// not fit js-cookie's 0.6 KB. Values are ids of `[A-Za-z0-9:_-]` read and written back as they
// are, so no encoding is involved. The names are core's VISITOR_COOKIE and PERMANENT_COOKIE
// (test/tracker/identity.test.ts holds them equal) without importing js-cookie with them.

/** `_svcTracker` (the visitor id), then `svc_permanent` (`<visitorId>[:<rest>]`). */
export const COOKIES = ['_svcTracker', 'svc_permanent'] as const;

/** The raw value of cookie `name`, `undefined` when absent or where reading cookies throws (sandboxed frames). */
export const getCookie = (name: string): string | undefined => {
  try {
    return document.cookie.match(`(?:^|; )${name}=([^;]*)`)?.[1];
  } catch {}
};

/** Sets (or, with `maxAge` -1, removes) a cookie with the attributes of PROTOCOL.md; `maxAge` in seconds, default one year. */
export function setCookie(name: string, value: string, domain: string, maxAge = 31_536_000): void {
  try {
    document.cookie = `${name}=${value}${domain && '; Domain=' + domain}; Path=/; Max-Age=${maxAge}; SameSite=Lax${location.protocol == 'https:' ? '; Secure' : ''}`;
  } catch {
    // cookies blocked (sandboxed frame): reads say so
  }
}

/** The visitor id the cookies hold: `_svcTracker`, else `svc_permanent` before its first `:`; falsy when neither does. */
export const readIdentity = () => getCookie(COOKIES[0]) || getCookie(COOKIES[1])?.split(':')[0];

/** Probed cookie domain per host name ('' = host cookie). */
const probed = new Map<string, string>();

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
    // i = length - 2 down to 0 (`i--` tests, then steps).
    for (let i = labels.length - 1; !domain && !/^[\d.]+$|:/.test(host) && i--; ) {
      const candidate = labels.slice(i).join('.');
      setCookie('_svcProbe', '1', candidate);
      if (getCookie('_svcProbe')) domain = candidate;
      setCookie('_svcProbe', '', candidate, -1);
    }
    probed.set(host, domain);
  }
  return domain;
}

/**
 * Writes both cookies: an existing value is written back as it is (expiry renewed), a missing one
 * gets the existing visitor id, else `id`. Returns the visitor id the cookies now hold, `undefined` when the browser kept none.
 */
export function writeIdentity(id: string, domain: string): string | undefined {
  id = readIdentity() || id;
  for (const name of COOKIES) setCookie(name, getCookie(name) || id, domain);
  return readIdentity();
}

/** Removes both cookies (consent withdrawn). */
export function removeIdentity(domain: string): void {
  for (const name of COOKIES) setCookie(name, '', domain, -1);
}
