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
