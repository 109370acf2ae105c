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

// Shared by every bundle on the page (each package carries its own copy of core).
const slot = Symbol.for('svc.endpoints');
type Holder = { [slot]?: Partial<Endpoints> };

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
 * Overrides base URLs for every client created afterwards, in every package on the page. Each
 * value must be an http(s) URL; an unknown name is refused (`INVALID_ARGUMENT`), nothing is set then.
 */
export function setEndpoints(endpoints: Partial<Endpoints>): void {
  if (typeof endpoints !== 'object' || endpoints === null)
    invalid('endpoints', endpoints, 'must be an object such as { recs: "https://…" }');
  for (const [name, url] of Object.entries(endpoints)) {
    if (!Object.hasOwn(defaultEndpoints, name))
      invalid(`endpoints.${name}`, url, `is not an interface: use one of ${Object.keys(defaultEndpoints).join(', ')}`);
    if (url !== undefined) checkEndpoint(`endpoints.${name}`, url);
  }
  const holder = globalThis as Holder;
  holder[slot] = { ...holder[slot], ...endpoints };
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
 * The base URL for `name`: a QA tab's mock, else the client's own override, else the global one,
 * else the default. No trailing slash.
 */
export function endpointFor(name: keyof Endpoints, override?: string): string {
  const url = answeringMock() || override || (globalThis as Holder)[slot]?.[name] || defaultEndpoints[name];
  return url.replace(/\/+$/, '');
}
