// The platform endpoints' CORS, as PROTOCOL.md's "Browsers on other origins (CORS)" fixes it: one
// place for the MSW handlers (createHandlers) and `svc-mock serve`. Framework-free: no MSW import.
import { type Endpoints, InvalidArgumentError } from '@svc/core';

/** Options of the platform endpoints' CORS answers. */
export interface CorsOptions {
  /**
   * The origins whose pages may read the platform's answers: `'*'` for any, or a list of origins
   * (`http://localhost:3000`); with a list, the matching `Origin` is echoed with `Vary: Origin`
   * and another origin gets no `Access-Control-Allow-Origin`. Credentials are never allowed.
   * @default '*'
   */
  allowOrigin?: '*' | readonly string[];
}

type Interface = keyof Endpoints;

/** The methods each interface serves to browsers (HEAD is simple: never preflighted). */
const INTERFACE_METHODS: Readonly<Record<Interface, string>> = {
  recs: 'POST',
  experiences: 'GET, POST',
  stash: 'GET, POST',
  events: 'POST',
  integrations: 'POST',
};

/** The paths of each interface under its base URL (PROTOCOL.md): how a shared origin is told apart. */
const INTERFACE_PATHS: ReadonlyArray<readonly [Interface, RegExp]> = [
  ['recs', /^\/vc\/recommend\//],
  ['stash', /^\/stash\//],
  ['events', /^\/events\//],
  ['experiences', /^\/v1\/(?:callback|[^/]+\/experiences)\/?$/],
  ['integrations', /^\/v1\/[^/]+\/integrations\//],
];

/** The one request header our clients send that is not CORS-safelisted. */
const ALLOW_HEADERS = 'content-type';
/** Seconds a browser may cache a preflight answer. */
const MAX_AGE = '600';
/** What the clients read from an answer beyond the safelisted headers. */
const EXPOSE_HEADERS = 'Retry-After';

/** `allowOrigin` checked once: `'*'`, or a list of origins exactly as browsers send them. */
export function normaliseAllowOrigin(allowOrigin: CorsOptions['allowOrigin'] = '*'): '*' | readonly string[] {
  if (allowOrigin === '*') return '*';
  if (!Array.isArray(allowOrigin) || allowOrigin.length === 0)
    throw new InvalidArgumentError('allowOrigin', allowOrigin, "must be '*' or a non-empty list of origins");
  for (const origin of allowOrigin) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol))
      throw new InvalidArgumentError('allowOrigin', origin, 'must list origins such as http://localhost:3000');
  }
  return [...allowOrigin];
}

/**
 * The interfaces a URL belongs to: those whose base URL it is under, narrowed by PROTOCOL.md's
 * paths when several interfaces share an origin (`svc-mock serve`). Empty: not a platform URL.
 */
export function interfacesOf(url: URL, endpoints: Endpoints): Interface[] {
  const address = url.origin + url.pathname;
  const under = (Object.keys(endpoints) as Interface[]).filter((name) => address.startsWith(`${endpoints[name]}/`));
  const byPath = under.filter((name) => {
    const rule = INTERFACE_PATHS.find(([which]) => which === name)?.[1];
    return rule?.test(address.slice(endpoints[name].length));
  });
  return byPath.length > 0 ? byPath : under;
}

/** The CORS headers every platform answer carries for a request from `origin` (null: none sent). */
function corsHeaders(origin: string | null, allowOrigin: '*' | readonly string[]): Record<string, string> {
  if (allowOrigin === '*')
    return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
  const headers: Record<string, string> = { Vary: 'Origin', 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
  if (origin !== null && allowOrigin.includes(origin)) headers['Access-Control-Allow-Origin'] = origin;
  return headers;
}

/**
 * True for a CORS preflight. Browsers send OPTIONS naming the method they want
 * (`Access-Control-Request-Method`), but happy-dom 21 sends its preflight with neither that nor
 * `Origin`; no platform route takes OPTIONS otherwise, so every OPTIONS gets the preflight answer.
 */
export const isPreflight = (request: Request) => request.method === 'OPTIONS';

/** The answer to a preflight for a platform URL of `interfaces`: 204 with the methods of those interfaces. */
export function preflightResponse(request: Request, interfaces: Interface[], allowOrigin: '*' | readonly string[]) {
  const methods = new Set(interfaces.flatMap((name) => INTERFACE_METHODS[name].split(', ')));
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(request.headers.get('origin'), allowOrigin),
      'Access-Control-Allow-Methods': [...methods].join(', '),
      'Access-Control-Allow-Headers': ALLOW_HEADERS,
      'Access-Control-Max-Age': MAX_AGE,
    },
  });
}

/**
 * `response` with the CORS headers of a platform answer, set in place (the body is not streamed
 * again); a copy when its headers are immutable. A network error (`Response.error()`) as it is.
 */
export function withCors(response: Response, request: Request, allowOrigin: '*' | readonly string[]): Response {
  if (response.type === 'error') return response;
  const cors = Object.entries(corsHeaders(request.headers.get('origin'), allowOrigin));
  try {
    for (const [name, value] of cors) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of cors) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
