// The platform route: a fetch handler the shop mounts at one path of its own origin, forwarding the
// browser's platform requests (and only those) to the platform, with the visitor's cookies set by
// the shop's server. Web Request/Response/Headers/fetch only: it runs in Node, workerd, the Edge runtime.
import { declaredOver, readBounded, TooLarge } from './body';
import { generatedContextId, identityCookies } from './identity';
import { type PlatformRouteOptions, type RouteConfig, readRouteOptions } from './options';
import { type AllowedRoute, allowedRoute } from './paths';

/** A fetch handler: `(request) => Promise<Response>`, as Next.js, workerd, Deno and Bun call one. */
export type PlatformRoute = (request: Request) => Promise<Response>;

/** The request headers the platform reads: nothing else of the shop's request (cookies, Authorization) is sent. */
const REQUEST_HEADERS = ['content-type', 'accept'];
/** The answer's headers passed on: the body's type, caching, `Retry-After` and `Allow`. No cookie, no CORS, no hop-by-hop. */
const RESPONSE_HEADERS = ['content-type', 'content-language', 'cache-control', 'expires', 'retry-after', 'allow'];
/** The most bytes of an answer the route reads (the platform's answers are a few KiB). */
const ANSWER_LIMIT = 4 * 1024 * 1024;

/** A JSON answer of the route's own, in the platform's `{status, message}` envelope. */
const answer = (status: number, message: string) =>
  new Response(JSON.stringify({ status, message }), { status, headers: { 'content-type': 'application/json' } });

/** Unknown path: the platform's own 404 (PROTOCOL.md). */
const notFound = () => answer(404, 'The requested URL was not found on the server.');

/** What the platform answered, read whole within the deadline. */
interface Upstream {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/**
 * Sends the request to `target` and reads the answer, both within `timeout` ms; redirects are not
 * followed. A Response of the route's own when the platform did not answer (502, 504) or redirected (502).
 */
async function exchange(target: URL, request: Request, body: Uint8Array | undefined, timeout: number) {
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    const response = await fetch(target, {
      method: request.method,
      headers,
      body: body as BodyInit | undefined,
      redirect: 'manual',
      signal: controller.signal,
      credentials: 'omit',
    });
    // A redirect is never passed on: the browser would follow it to wherever it points.
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined);
      return answer(502, 'the platform answered with a redirect, which the route does not follow');
    }
    return { status: response.status, headers: response.headers, body: await readBounded(response.body, ANSWER_LIMIT) };
  } catch (error) {
    if (controller.signal.aborted) return answer(504, `the platform did not answer within ${timeout} ms`);
    if (error instanceof TooLarge) return answer(502, 'the platform answered more than the route reads');
    return answer(502, 'the platform could not be reached');
  } finally {
    clearTimeout(timer);
  }
}

/** The request's body, read with a byte counter: a 413 Response past the route's limit. */
async function requestBody(request: Request, allowed: AllowedRoute): Promise<Uint8Array | Response | undefined> {
  if (allowed.method === 'GET') return undefined;
  const tooLarge = () => answer(413, `the body is over ${allowed.limit} bytes`);
  if (declaredOver(request.headers, allowed.limit)) return tooLarge();
  try {
    return await readBounded(request.body, allowed.limit);
  } catch (error) {
    if (error instanceof TooLarge) return tooLarge();
    return answer(400, 'the body could not be read');
  }
}

/** The platform URL for `path` + `search` under `base`, from configuration only; `undefined` when it would leave `base`. */
function upstreamUrl(base: string, path: string, search: string): URL | undefined {
  const root = new URL(base);
  const target = new URL(`${base}${path}${search}`);
  const under = root.pathname === '/' ? '/' : `${root.pathname}/`;
  return target.origin === root.origin && target.pathname.startsWith(under) ? target : undefined;
}

/** The Response to the browser: the platform's status and body, its safe headers, and the visitor cookies. */
function toBrowser(request: Request, config: RouteConfig, allowed: AllowedRoute, upstream: Upstream): Response {
  const headers = new Headers();
  for (const name of RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const query = new URL(request.url).searchParams;
  const generated =
    allowed.interface === 'experiences' && allowed.method === 'GET' && upstream.status === 200
      ? generatedContextId(query, upstream.body, upstream.headers.get('content-type'))
      : undefined;
  const cookies = identityCookies(request, { domain: config.cookieDomain, secure: config.secure }, generated);
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  // An answer that sets a visitor's cookie is that visitor's: no shared cache keeps it.
  if (cookies.length > 0) headers.set('cache-control', 'private, no-store');
  const empty = upstream.status === 204 || upstream.status === 205 || upstream.status === 304;
  return new Response(empty ? null : (upstream.body as BodyInit), { status: upstream.status, headers });
}

/** One request through the route. */
async function handle(config: RouteConfig, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${config.prefix}/`)) return notFound();
  const path = url.pathname.slice(config.prefix.length);
  const allowed = allowedRoute(request.method, path);
  if (!allowed) return notFound();
  const target = upstreamUrl(config.upstream[allowed.interface], path, url.search);
  if (!target) return notFound();
  const body = await requestBody(request, allowed);
  if (body instanceof Response) return body;
  const upstream = await exchange(target, request, body, config.timeout);
  return upstream instanceof Response ? upstream : toBrowser(request, config, allowed, upstream);
}

/**
 * The platform route: a fetch handler for one path of the shop's own origin (`/svc` by default)
 * that forwards the browser's platform requests (the paths and methods of docs/PROTOCOL.md, nothing
 * else) to the platform, and sets the visitor's cookies from the shop's server. Options are checked
 * here, once: a wrong one throws `InvalidArgumentError`. See docs/first-party.md.
 * @example
 * ```ts
 * const route = createPlatformRoute({ prefix: '/svc' });
 * const response = await route(new Request('https://shop.example/svc/events/v1/demo_shop', { method: 'POST', body: '{}' }));
 * ```
 */
export function createPlatformRoute(options?: PlatformRouteOptions): PlatformRoute {
  const config = readRouteOptions(options);
  return (request) => handle(config, request);
}
