/** Base URLs of the platform's interfaces. The defaults are the placeholders the mock intercepts. */
export interface Endpoints {
  /** Recommendations. Default `https://recs.svc.example`. */
  recs: string;
  /** Server experiences. Default `https://experiences.svc.example`. */
  experiences: string;
  /** Stash. Default `https://stash.svc.example`. */
  stash: string;
  /** Tracking events. Default `https://events.svc.example`. */
  events: string;
  /** Integrations. Default `https://integrations.svc.example`. */
  integrations: string;
}

/** The default base URL of an interface: every one is `https://<name>.svc.example`. */
const defaultFor = (name: keyof Endpoints) => `https://${name}.svc.example`;

/** The defaults, for reading (a plain literal, so bundles that never read it drop it). */
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

/** Overrides base URLs for every client created afterwards, in every package on the page. */
export function setEndpoints(endpoints: Partial<Endpoints>): void {
  const holder = globalThis as Holder;
  holder[slot] = { ...holder[slot], ...endpoints };
}

/** The base URL for `name`: the client's own override, else the global one, else the default. No trailing slash. */
export function endpointFor(name: keyof Endpoints, override?: string): string {
  const url = override || (globalThis as Holder)[slot]?.[name] || defaultFor(name);
  return url.replace(/\/+$/, '');
}
