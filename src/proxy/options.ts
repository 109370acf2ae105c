// createPlatformRoute's options, checked once: a wrong one is an InvalidArgumentError naming it.
import {
  checkEndpoint,
  defaultEndpoints,
  type Endpoints,
  invalid,
  isObject,
  readTimeout,
  refuseUnknownKeys,
  type TimeoutRule,
} from '@svc/core';

/** Options of `createPlatformRoute`. */
export interface PlatformRouteOptions {
  /**
   * The path the route is mounted at on the shop (`data-platform` on the script tag names the same).
   * Requests outside it are a 404. Chosen to match none of the blockers' generic paths (`/collect`,
   * `/track/`, `/beacon/`, `/analytics`).
   * @default '/svc'
   */
  prefix?: string;
  /**
   * Where the route forwards: one base URL for every interface (`svc-mock serve`'s, which serves them
   * all on one origin), or a base URL per interface (`{ events: 'https://…' }`). Without it, or for an
   * interface it leaves out, the platform's default (`defaultEndpoints` of `@svc/core`).
   * @default undefined
   */
  upstream?: string | Partial<Endpoints>;
  /**
   * Milliseconds the platform has to answer, body included; past them the route answers 504.
   * @default 10000
   */
  timeout?: number;
  /**
   * The `Domain` of the visitor cookies the route sets: the tracker's `cookieDomain`
   * (`data-cookie-domain`) when the page sets one; `''` for host-only cookies. Without it, the request
   * host's registrable domain (the public suffix list), host-only for `localhost` and IP addresses: the
   * domain the tracker's probe finds.
   * @default undefined
   */
  cookieDomain?: string;
  /**
   * `Secure` on the cookies the route sets. Without it, on requests whose URL is https (behind a
   * proxy that ends TLS and passes http URLs, set it to `true`).
   * @default undefined
   */
  secure?: boolean;
}

/** The options as the route uses them. */
export interface RouteConfig {
  prefix: string;
  upstream: Endpoints;
  timeout: number;
  cookieDomain: string | undefined;
  secure: boolean | undefined;
}

/** The route's defaults (PlatformRouteOptions documents each). */
const ROUTE_DEFAULTS = { prefix: '/svc', timeout: 10_000 } as const;

/** The upstream's timeout: something must always end, as the browser's request waits on it. */
const TIMEOUT: TimeoutRule = { default: ROUTE_DEFAULTS.timeout, least: 1 };

const KEYS = ['prefix', 'upstream', 'timeout', 'cookieDomain', 'secure'];
const PREFIX = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
const DOMAIN = /^\.?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Every interface's base URL: `upstream` as one, or per interface, the defaults for the rest. */
function readUpstream(upstream: unknown): Endpoints {
  if (upstream === undefined) return { ...defaultEndpoints };
  const names = Object.keys(defaultEndpoints) as (keyof Endpoints)[];
  const trim = (url: string) => url.replace(/\/+$/, '');
  if (typeof upstream === 'string') {
    const base = trim(checkEndpoint('options.upstream', upstream));
    return Object.fromEntries(names.map((name) => [name, base])) as unknown as Endpoints;
  }
  if (!isObject(upstream)) invalid('options.upstream', upstream, 'must be a base URL or { events: "https://…", … }');
  refuseUnknownKeys('options.upstream', upstream, names);
  const given = upstream as Partial<Record<keyof Endpoints, unknown>>;
  const each = names.map((name) => {
    const url =
      given[name] === undefined ? defaultEndpoints[name] : checkEndpoint(`options.upstream.${name}`, given[name]);
    return [name, trim(url)];
  });
  return Object.fromEntries(each) as Endpoints;
}

/** `options` checked: an InvalidArgumentError names the first wrong one. */
export function readRouteOptions(options: PlatformRouteOptions = {}): RouteConfig {
  if (!isObject(options)) invalid('options', options, 'must be an object');
  refuseUnknownKeys('options', options, KEYS);
  const prefix = options.prefix ?? ROUTE_DEFAULTS.prefix;
  if (typeof prefix !== 'string' || !PREFIX.test(prefix) || prefix.split('/').includes('..'))
    invalid(
      'options.prefix',
      prefix,
      'must be a path such as /svc (segments of A-Z a-z 0-9 . _ ~ -, no trailing slash)',
    );
  const { cookieDomain, secure } = options;
  if (
    cookieDomain !== undefined &&
    (typeof cookieDomain !== 'string' || (cookieDomain !== '' && !DOMAIN.test(cookieDomain)))
  )
    invalid('options.cookieDomain', cookieDomain, "must be a domain such as shop.example, or '' for host-only cookies");
  if (secure !== undefined && typeof secure !== 'boolean') invalid('options.secure', secure, 'must be a boolean');
  return {
    prefix,
    upstream: readUpstream(options.upstream),
    timeout: readTimeout('options.timeout', options.timeout, TIMEOUT),
    cookieDomain: cookieDomain?.replace(/^\./, '').toLowerCase(),
    secure,
  };
}
