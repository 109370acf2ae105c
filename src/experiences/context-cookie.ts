import { COOKIE_LIFETIME_DAYS, invalid, VISITOR_COOKIE } from '@svc/core';
import { stringifySetCookie } from 'cookie';
import { checkContextId } from './context-id';

/** The visitor cookie's lifetime in seconds: core's one year, as the tracker writes it. */
const LIFETIME_S = COOKIE_LIFETIME_DAYS * 24 * 60 * 60;

/** Options of `contextCookie`. */
export interface ContextCookieOptions {
  /**
   * Add `Secure`. Without it, `Secure` is added unless `requestHost` is an `http://` URL.
   * @default undefined
   */
  secure?: boolean;
}

/**
 * The `Set-Cookie` value that stores a contextId in `_svcTracker`, for a server to put on the
 * page-load response before client scripts run (when `getExperiences` said `generated`).
 *
 * `requestHost` is the request's `Host` header (`www.shop.example:8443`) or its URL. The cookie
 * goes on the widest of `cookieDomains` that the host is, or is under (the domain the tracker
 * writes); when none matches, or the match is a single label such as `localhost`, it is a
 * host-only cookie. `Path=/`, one year (`Expires` and `Max-Age`), `SameSite=Lax`, `Secure` on https.
 */
export function contextCookie(
  contextId: string,
  cookieDomains: readonly string[],
  requestHost: string,
  options: ContextCookieOptions = {},
): string {
  checkContextId('contextId', contextId);
  if (!Array.isArray(cookieDomains) || !cookieDomains.every((d) => typeof d === 'string'))
    invalid('cookieDomains', cookieDomains, 'must be an array of strings');
  let url: URL | undefined;
  if (typeof requestHost === 'string') {
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(requestHost) ? requestHost : `https://${requestHost}`);
    } catch {
      // refused below
    }
  }
  if (!url?.hostname) invalid('requestHost', requestHost, 'must be a host (www.shop.example[:port]) or a URL');
  const host = (url as URL).hostname;
  const domain = cookieDomains
    .map((d) => d.toLowerCase().replace(/^\./, ''))
    .filter((d) => d.includes('.') && (host === d || host.endsWith(`.${d}`)))
    .sort((a, b) => a.length - b.length)[0];
  if (options.secure !== undefined && typeof options.secure !== 'boolean')
    invalid('options.secure', options.secure, 'must be a boolean');
  const secure = options.secure ?? (url as URL).protocol !== 'http:';
  // Composed by the `cookie` library (attributes encoded and validated there), not concatenated.
  return stringifySetCookie({
    name: VISITOR_COOKIE,
    value: contextId,
    domain,
    path: '/',
    expires: new Date(Date.now() + LIFETIME_S * 1000),
    maxAge: LIFETIME_S,
    sameSite: 'lax',
    secure,
  });
}
