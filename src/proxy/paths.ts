// The allow-list of the platform route: the paths and methods the browser's clients use, per
// interface (docs/PROTOCOL.md; src/mock/access/cors.ts names the same interfaces). A request that
// is none of these is a 404, before anything is sent.
import type { Endpoints } from '@svc/core';

/** One route the platform route forwards. */
export interface AllowedRoute {
  /** The interface whose base URL the request goes to. */
  interface: keyof Endpoints;
  method: 'GET' | 'POST';
  /** The path under the interface's base URL; each `([^/]+)` is a segment checked by `isSafeSegment`. */
  path: RegExp;
  /** The most bytes of body the route reads; more is a 413 (0: none is forwarded). */
  limit: number;
}

const KiB = 1024;

/**
 * The body limits. Events: PROTOCOL.md's 64 KiB. The stash: a value of 65,536 UTF-8 bytes, JSON-escaped
 * (up to 6 bytes each), in its envelope. Recommendations and integrations: 256 KiB, far above what the
 * clients send. A callback carries `{"id"}` of at most 256 characters.
 */
export const BODY_LIMITS = {
  events: 64 * KiB,
  stash: 512 * KiB,
  recs: 256 * KiB,
  integrations: 256 * KiB,
  callback: 4 * KiB,
};

const S = '([^/]+)';
const STASH = '\\/stash\\/v1\\.1';
const route = (name: keyof Endpoints, method: 'GET' | 'POST', path: string, limit: number): AllowedRoute => ({
  interface: name,
  method,
  path: new RegExp(`^${path}$`),
  limit: method === 'GET' ? 0 : limit,
});

/** Every route of PROTOCOL.md that a browser calls. */
const ALLOWED: readonly AllowedRoute[] = [
  route('recs', 'POST', `\\/vc\\/recommend\\/2\\.1\\/${S}`, BODY_LIMITS.recs),
  route('events', 'POST', `\\/events\\/v1\\/${S}`, BODY_LIMITS.events),
  route('experiences', 'GET', `\\/v1\\/${S}\\/experiences`, 0),
  route('experiences', 'POST', '\\/v1\\/callback', BODY_LIMITS.callback),
  // kv: both levels (a client reads `protected`; its write gets the platform's own refusal).
  route('stash', 'GET', `${STASH}\\/kv\\/get\\/${S}\\/(?:public|protected)\\/${S}`, 0),
  route('stash', 'POST', `${STASH}\\/kv\\/set\\/${S}\\/(?:public|protected)\\/${S}`, BODY_LIMITS.stash),
  route('stash', 'POST', `${STASH}\\/kv\\/getbatch\\/${S}\\/(?:public|protected)`, BODY_LIMITS.stash),
  route('stash', 'GET', `${STASH}\\/(?:deferkv|ts|count)\\/get\\/${S}\\/public\\/${S}`, 0),
  route(
    'stash',
    'POST',
    `${STASH}\\/(?:deferkv\\/(?:set|remove)|ts\\/set|count\\/(?:incr|decr))\\/${S}\\/public\\/${S}`,
    BODY_LIMITS.stash,
  ),
  route('stash', 'POST', `${STASH}\\/count\\/getbatch\\/${S}\\/public`, BODY_LIMITS.stash),
  route(
    'integrations',
    'POST',
    `\\/v1\\/${S}\\/integrations\\/${S}\\/(?:execute|schedule|cancel)`,
    BODY_LIMITS.integrations,
  ),
];

/** Characters a path segment may hold as they are (RFC 3986 pchar, without `%`), or `%XX` escapes. */
const SEGMENT = /^(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})+$/;

/**
 * True for a segment that stays one segment under the base URL whatever decodes it: no escaped
 * `/` or `\`, no control character, not `.` or `..` (`%2e%2e` included), at most 1024 characters.
 */
function isSafeSegment(segment: string): boolean {
  if (segment.length > 1024 || !SEGMENT.test(segment)) return false;
  // The ASCII escapes decoded (others stand as `x`): what a server behind may make of them.
  const ascii = segment.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code < 0x80 ? String.fromCharCode(code) : 'x';
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return !/[/\\\x00-\x1f\x7f]/.test(ascii) && ascii !== '.' && ascii !== '..';
}

/** The route `method` and `path` (under the prefix) are, with every segment safe; `undefined`: none. */
export function allowedRoute(method: string, path: string): AllowedRoute | undefined {
  for (const candidate of ALLOWED) {
    if (candidate.method !== method) continue;
    const match = candidate.path.exec(path);
    if (match?.slice(1).every(isSafeSegment)) return candidate;
  }
  return undefined;
}
