// Every cookie a client reads or writes in a browser goes through this one js-cookie instance
// (js-cookie's `withAttributes`): the attributes PROTOCOL.md gives the visitor cookies, composed
// once. Reading and writing are wrapped: a sandboxed frame throws on `document.cookie`, and Node
// has no `document` at all; both read as "no cookie" and write nothing.
import Cookies from 'js-cookie';

/** One year, in days (js-cookie's unit for `expires`). */
export const COOKIE_LIFETIME_DAYS = 365;

const jar = Cookies.withAttributes({ path: '/', sameSite: 'Lax' });

/** The value of a cookie of this page, decoded; `undefined` when absent or unreadable. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  try {
    return jar.get(name);
  } catch {
    return undefined;
  }
}

/** A page's cookies by name, decoded, as `readCookies` read them. */
export type CookieValues = Readonly<Record<string, string | undefined>>;

/**
 * Every cookie of this page, decoded, from one read of `document.cookie` (each read is a call into
 * the browser's cookie store: code that needs several cookies at once reads them here). Empty when
 * unreadable (Node, a sandboxed frame).
 */
export function readCookies(): CookieValues {
  if (typeof document === 'undefined') return {};
  try {
    return jar.get();
  } catch {
    return {};
  }
}

/** Where and how long `writeCookie` keeps a cookie. */
export interface CookieWrite {
  /** `Domain=`; empty or absent: a host-only cookie. */
  domain?: string;
  /**
   * Lifetime in days; without it, `COOKIE_LIFETIME_DAYS` applies. `0`: a session cookie (no
   * `Expires`, no `Max-Age`), kept until the browser session ends.
   * @default 365
   */
  days?: number;
}

/** Writes a cookie with `Path=/`, `SameSite=Lax`, `Secure` on https and the given domain and lifetime. */
export function writeCookie(
  name: string,
  value: string,
  { domain, days = COOKIE_LIFETIME_DAYS }: CookieWrite = {},
): void {
  if (typeof document === 'undefined') return;
  try {
    // Both forms of the lifetime, as the server-side cookie helper writes them: Max-Age wins where understood.
    const lifetime = days === 0 ? {} : { expires: days, 'max-age': String(days * 24 * 60 * 60) };
    jar.set(name, value, { domain: domain || undefined, ...lifetime, secure: location.protocol === 'https:' });
  } catch {
    // cookies blocked (sandboxed frame): reads say so
  }
}

/** Removes a cookie written with `domain` (host-only when empty). */
export function removeCookie(name: string, domain?: string): void {
  if (typeof document === 'undefined') return;
  try {
    jar.remove(name, { domain: domain || undefined });
  } catch {
    // as writeCookie
  }
}
