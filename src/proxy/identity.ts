// The visitor's cookies, set by the shop's own server (so Safari keeps them a year, not 7 days):
// what a request carries is set again as the tracker writes it (PROTOCOL.md "Visitor identity"), and
// a new visitor's id comes from the experiences answer, as `contextCookie` sets it.
import { COOKIE_LIFETIME_DAYS, PERMANENT_COOKIE, VISITOR_COOKIE } from '@svc/core';
import { parseCookie, stringifySetCookie } from 'cookie';
import { getDomain } from 'tldts';

const LIFETIME_S = COOKIE_LIFETIME_DAYS * 24 * 60 * 60;

/** A cookie value as RFC 6265 allows it (cookie-octets), at most 1024 of them: set again byte for byte. */
const COOKIE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]{1,1024}$/;
/** A contextId the platform generated, as the experiences client accepts one. */
const CONTEXT_ID = /^[A-Za-z0-9._~-]{1,256}$/;

/** How the route writes the cookies. */
export interface CookieRule {
  /** The Domain attribute: `''` for a host-only cookie; `undefined`: computed per request. */
  domain: string | undefined;
  /** `Secure`; `undefined`: on https requests. */
  secure: boolean | undefined;
}

/**
 * The widest domain a browser lets `host` set cookies on, as the tracker's probe finds it: the
 * registrable domain (the public suffix list, its private section included, as browsers use it),
 * `''` (host-only) for `localhost`, a single label or an IP address.
 */
function registrableDomain(host: string): string {
  if (!host.includes('.') || /^[\d.]+$|:|^\[/.test(host)) return '';
  return getDomain(host, { allowPrivateDomains: true }) ?? '';
}

/** `Set-Cookie` for `name=value` (raw cookie-octets, kept as they are) on `url`'s host. */
function setCookie(name: string, value: string, url: URL, rule: CookieRule): string {
  const domain = rule.domain ?? registrableDomain(url.hostname);
  return stringifySetCookie({
    name,
    value,
    domain: domain === '' ? undefined : domain,
    path: '/',
    expires: new Date(Date.now() + LIFETIME_S * 1000),
    maxAge: LIFETIME_S,
    sameSite: 'lax',
    secure: rule.secure ?? url.protocol === 'https:',
  });
}

/** The visitor cookies `request` carries, raw: `_svcTracker`, `svc_permanent` (valid values only). */
function carriedIdentity(request: Request): Partial<Record<string, string>> {
  const header = request.headers.get('cookie');
  if (header === null) return {};
  const jar = parseCookie(header, { decode: (value) => value });
  const carried: Partial<Record<string, string>> = {};
  for (const name of [VISITOR_COOKIE, PERMANENT_COOKIE]) {
    const value = jar[name];
    if (value !== undefined && COOKIE_VALUE.test(value)) carried[name] = value;
  }
  return carried;
}

/**
 * The `Set-Cookie` values of a forwarded request's response: nothing when it sends `Sec-GPC: 1`;
 * else each visitor cookie it carried, set again; and, for a request that carried none, the
 * experiences answer's generated contextId (`generated`) as `_svcTracker`.
 */
export function identityCookies(request: Request, rule: CookieRule, generated?: string): string[] {
  if (request.headers.get('sec-gpc')?.trim() === '1') return [];
  const url = new URL(request.url);
  const carried = carriedIdentity(request);
  const cookies = Object.entries(carried).map(([name, value]) => setCookie(name, value as string, url, rule));
  if (cookies.length === 0 && generated !== undefined && CONTEXT_ID.test(generated))
    cookies.push(setCookie(VISITOR_COOKIE, generated, url, rule));
  return cookies;
}

/**
 * The contextId an experiences answer generated for a request without one: its `contextId` when the
 * request's query had no (or an empty) `contextId`; `undefined` otherwise or for a body that is not one.
 */
export function generatedContextId(
  query: URLSearchParams,
  body: Uint8Array,
  contentType: string | null,
): string | undefined {
  if (query.get('contextId')) return undefined;
  if (!contentType?.toLowerCase().includes('json')) return undefined;
  try {
    const answer = JSON.parse(new TextDecoder().decode(body)) as { contextId?: unknown };
    return typeof answer?.contextId === 'string' ? answer.contextId : undefined;
  } catch {
    return undefined;
  }
}
