import { readCookie } from './cookies';
import { invalid } from './invalid';
import { QA_MOCK_COOKIE, QA_MOCK_KEY } from './qa-channel';

/** Base URLs of the platform's interfaces. The defaults are the placeholders the mock intercepts. */
export interface Endpoints {
  /** Recommendations. @default 'https://recs.svc.example' */
  recs: string;
  /** Server experiences. @default 'https://experiences.svc.example' */
  experiences: string;
  /** Stash. @default 'https://stash.svc.example' */
  stash: string;
  /** Tracking events. @default 'https://events.svc.example' */
  events: string;
  /** Integrations. @default 'https://integrations.svc.example' */
  integrations: string;
}

/** The default base URLs: PROTOCOL.md's placeholders, which the mock intercepts. */
export const defaultEndpoints: Readonly<Endpoints> = {
  recs: 'https://recs.svc.example',
  experiences: 'https://experiences.svc.example',
  stash: 'https://stash.svc.example',
  events: 'https://events.svc.example',
  integrations: 'https://integrations.svc.example',
};

/**
 * What `setEndpoints` takes: base URLs per interface, and `platform`, one base for all of them.
 */
export interface EndpointSettings extends Partial<Endpoints> {
  /**
   * One base URL for every interface: the shop's platform route (`@svc/proxy`), such as `'/svc'`.
   * A path is resolved against the page's address in a browser; elsewhere it must be an http(s)
   * URL. An interface's own base URL, when one is set, still wins for that interface.
   */
  platform?: string;
}

// Shared by every bundle on the page (each package carries its own copy of core).
const slot = Symbol.for('svc.endpoints');
type Holder = { [slot]?: EndpointSettings };

/** The longest URL a client accepts as a base (what every browser and proxy carries). */
const MAX_URL_LENGTH = 2048;

/** An absolute `http:` or `https:` URL with a host, at most `MAX_URL_LENGTH` characters. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && /^https?:\/\/[^/?#]/i.test(value)
  );
}

/** `value` when it is an http(s) URL (see `isHttpUrl`), else `INVALID_ARGUMENT` naming `argument`. */
export function checkEndpoint(argument: string, value: unknown): string {
  if (!isHttpUrl(value)) invalid(argument, value, `must be an http(s) URL of at most ${MAX_URL_LENGTH} characters`);
  return value as string;
}

/**
 * `value` as an absolute base URL: a path (`/svc`) resolved against the page's address where
 * there is one (a browser), else `INVALID_ARGUMENT` naming `argument`; no trailing slash.
 */
function checkPlatform(argument: string, value: unknown): string {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  let resolved = value;
  if (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && typeof page === 'string') {
    const url = new URL(value, page);
    resolved = url.origin + url.pathname;
  }
  if (!isHttpUrl(resolved))
    invalid(argument, value, 'must be an http(s) URL, or a path such as /svc on a page (resolved against its address)');
  return (resolved as string).replace(/\/+$/, '');
}

/**
 * Overrides base URLs for every client created afterwards, in every package on the page. Each
 * value must be an http(s) URL (`platform` may also be a path on a page: `setEndpoints({ platform:
 * '/svc' })` sends every interface through the shop's own route); an unknown name is refused
 * (`INVALID_ARGUMENT`), nothing is set then.
 */
export function setEndpoints(endpoints: EndpointSettings): void {
  if (typeof endpoints !== 'object' || endpoints === null)
    invalid('endpoints', endpoints, 'must be an object such as { recs: "https://…" }');
  const checked: EndpointSettings = {};
  for (const [name, url] of Object.entries(endpoints) as [keyof EndpointSettings, unknown][]) {
    if (name === 'platform') {
      checked.platform = url === undefined ? undefined : checkPlatform('endpoints.platform', url);
      continue;
    }
    if (!Object.hasOwn(defaultEndpoints, name))
      invalid(
        `endpoints.${name}`,
        url,
        `is not an interface: use one of ${Object.keys(defaultEndpoints).join(', ')}, or platform`,
      );
    checked[name] = url === undefined ? undefined : checkEndpoint(`endpoints.${name}`, url);
  }
  const holder = globalThis as Holder;
  holder[slot] = { ...holder[slot], ...checked };
}

/** What this copy of core read of the mock switch: `null` when the tab is answered by the platform. */
let qaMock: string | null | undefined;

/**
 * The mock this tab is pointed at by the QA overlay's mock switch, if any: the tab's
 * sessionStorage key, which every copy of core on the page reads (svc.min.js's, and a shop's
 * bundle's), so the switch reaches every client; looked for only where the switch's session
 * cookie is set. Read once per copy: the switch takes effect on the reload that follows it. Not a
 * URL, or no sessionStorage (Node, a sandboxed frame): none.
 */
export function answeringMock(): string | undefined {
  if (qaMock === undefined) {
    try {
      const switched = readCookie(QA_MOCK_COOKIE) !== undefined;
      const url = switched ? (globalThis.sessionStorage?.getItem(QA_MOCK_KEY) ?? null) : null;
      qaMock = isHttpUrl(url) ? url.replace(/\/+$/, '') : null;
    } catch {
      qaMock = null;
    }
  }
  return qaMock ?? undefined;
}

/**
 * The base URL for `name`: a QA tab's mock, else the client's own override, else the global one
 * of that interface, else the global `platform`, else the default. No trailing slash.
 */
export function endpointFor(name: keyof Endpoints, override?: string): string {
  const settings = (globalThis as Holder)[slot];
  const url = answeringMock() || override || settings?.[name] || settings?.platform || defaultEndpoints[name];
  return url.replace(/\/+$/, '');
}

/**
 * The platform route that `name`'s requests go through (`setEndpoints({ platform })`), or
 * `undefined` when another base URL wins for it (a QA tab's mock, `override`, the interface's own).
 */
export function platformFor(name: keyof Endpoints, override?: string): string | undefined {
  const settings = (globalThis as Holder)[slot];
  if (answeringMock() || override || settings?.[name]) return undefined;
  return settings?.platform;
}

/**
 * An experience's `callback` as a browser sends it through the platform route: the route's base
 * followed by the callback's `/v1/callback` and its query, byte for byte (docs/protocol-decisions.md).
 * A callback of another shape is returned as it is.
 */
export function throughPlatform(platform: string, callback: string): string {
  const at = /^https?:\/\/[^/?#]+(?:\/[^?#]*)?(\/v1\/callback(?:\?[^#]*)?)$/.exec(callback);
  return at ? `${platform}${at[1]}` : callback;
}
