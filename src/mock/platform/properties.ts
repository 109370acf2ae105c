import { isObject } from '@svc/core';
import { SEGMENT } from '@svc/core/internal';

/** Settings of a customer property (a tracking id). */
export interface PropertySettings {
  /** Domains on which the tracker cookie may be set (server experiences' `cookieDomains`). @default [] */
  cookieDomains?: string[];
}

/** A customer property the mock knows. */
export interface Property {
  trackingId: string;
  settings: Required<PropertySettings>;
  createdAt: number;
}

/** The tracking ids the platform knows: created by admin, or by receiving tracking events. */
export interface Properties {
  create(trackingId: string, settings?: PropertySettings): Property;
  get(trackingId: string): Property | undefined;
  has(trackingId: string): boolean;
  /** The property, created with default settings if new. */
  ensure(trackingId: string): Property;
  list(): Property[];
}

export function createProperties(now: () => number): Properties {
  const byId = new Map<string, Property>();
  const create = (trackingId: string, settings: PropertySettings = {}) => {
    const existing = byId.get(trackingId);
    const property: Property = {
      trackingId,
      settings: { cookieDomains: [], ...existing?.settings, ...settings } as Required<PropertySettings>,
      createdAt: existing?.createdAt ?? now(),
    };
    byId.set(trackingId, property);
    return property;
  };
  return {
    create,
    get: (id) => byId.get(id),
    has: (id) => byId.has(id),
    ensure: (id) => byId.get(id) ?? create(id),
    list: () => [...byId.values()],
  };
}

/**
 * Checks `admin.createProperty`'s arguments as a whole, before anything is created: a tracking id
 * that is a path segment, settings of known fields, every cookie domain a non-empty string. Throws
 * a TypeError naming the first bad one.
 */
export function checkProperty(trackingId: unknown, settings: unknown): void {
  if (typeof trackingId !== 'string' || !SEGMENT.test(trackingId))
    throw new TypeError(`trackingId must match ${SEGMENT} (got ${JSON.stringify(trackingId)})`);
  if (settings === undefined) return;
  if (!isObject(settings) || Array.isArray(settings)) throw new TypeError('settings must be an object');
  for (const field of Object.keys(settings))
    if (field !== 'cookieDomains')
      throw new TypeError(`settings.${field} is not a known setting (known: cookieDomains)`);
  const { cookieDomains } = settings;
  if (cookieDomains === undefined) return;
  if (!Array.isArray(cookieDomains)) throw new TypeError('settings.cookieDomains must be an array of domain names');
  for (const [i, domain] of cookieDomains.entries())
    if (typeof domain !== 'string' || domain === '')
      throw new TypeError(`settings.cookieDomains[${i}] must be a domain name (got ${JSON.stringify(domain)})`);
}
