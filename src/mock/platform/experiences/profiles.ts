import { isObject } from '@svc/core';
import type { Bus } from '../bus';

/**
 * What the platform knows of one visitor of one property, built from the tracking events it
 * accepted. Segment conditions (JsonLogic) read it with `var`, e.g. `{"var": "basket.value"}`.
 */
export interface VisitorProfile {
  /** Tracking events received. */
  events: number;
  /** Page types of `ecView` events (home, category, product, ...), first seen first. */
  pageTypes: string[];
  /** Latest `ecView` values. */
  language?: string;
  country?: string;
  currency?: string;
  /** Fields of `ecUser` events (strings only), latest value wins. */
  user: Record<string, string>;
  /** `product.categories` of `ecProduct` events, first seen first. */
  viewedCategories: string[];
  /** `product.productId` of `ecProduct` events, first seen first. */
  viewedProducts: string[];
  /** Running basket from `ecBasketItemAction` (price value x quantity); emptied by a purchase. */
  basket: { value: number; items: number };
  /** Completed purchases (`ecBasketTransactionSummary`): how many, and their total value. */
  purchases: { count: number; value: number };
}

const emptyProfile = (): VisitorProfile => ({
  events: 0,
  pageTypes: [],
  user: Object.create(null) as Record<string, string>,
  viewedCategories: [],
  viewedProducts: [],
  basket: { value: 0, items: 0 },
  purchases: { count: 0, value: 0 },
});

type Data = Record<string, unknown>;
const obj = (value: unknown): Data => (isObject(value) ? value : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const addOnce = (list: string[], value: unknown) => {
  if (typeof value === 'string' && value && !list.includes(value)) list.push(value);
};
const round = (value: number) => Math.round(value * 100) / 100;

/** How each tracking event type (PROTOCOL.md's table) updates a profile. Other types only count. */
const learn: Record<string, (profile: VisitorProfile, data: Data) => void> = {
  ecView(profile, data) {
    addOnce(profile.pageTypes, data.type);
    profile.language = str(data.language) ?? profile.language;
    profile.country = str(data.country) ?? profile.country;
    profile.currency = str(data.currency) ?? profile.currency;
  },
  ecUser(profile, data) {
    for (const [field, value] of Object.entries(obj(data.user)))
      if (typeof value === 'string' && field !== '__proto__') profile.user[field] = value;
  },
  ecProduct(profile, data) {
    const product = obj(data.product);
    addOnce(profile.viewedProducts, product.productId);
    if (Array.isArray(product.categories))
      for (const category of product.categories) addOnce(profile.viewedCategories, category);
  },
  ecBasketItemAction(profile, data) {
    const sign = data.action === 'add' ? 1 : data.action === 'remove' ? -1 : 0;
    const quantity = num(data.quantity) || 1;
    const price = num(obj(obj(data.product).price).value);
    profile.basket.value = Math.max(0, round(profile.basket.value + sign * price * quantity));
    profile.basket.items = Math.max(0, profile.basket.items + sign * quantity);
  },
  ecBasketTransactionSummary(profile, data) {
    profile.purchases.count += 1;
    profile.purchases.value = round(profile.purchases.value + num(obj(obj(data.basket).total).value));
    profile.basket = { value: 0, items: 0 };
  },
};

export interface Profiles {
  /** The visitor's profile (an empty one when the platform has seen nothing of them). */
  get(trackingId: string, visitorId: string): VisitorProfile;
}

/** Keeps a profile per (tracking id, visitor id) from the tracking events on the bus. */
export function createProfiles(bus: Bus): Profiles {
  const byProperty = new Map<string, Map<string, VisitorProfile>>();
  bus.on('event', ({ trackingId, event }) => {
    const visitorId = event.meta.visitorId;
    if (typeof visitorId !== 'string' || !visitorId) return;
    const visitors = byProperty.get(trackingId) ?? new Map<string, VisitorProfile>();
    byProperty.set(trackingId, visitors);
    const profile = visitors.get(visitorId) ?? emptyProfile();
    visitors.set(visitorId, profile);
    profile.events += 1;
    if (Object.hasOwn(learn, event.meta.type)) learn[event.meta.type](profile, obj(event.data));
  });
  return {
    get: (trackingId, visitorId) => byProperty.get(trackingId)?.get(visitorId) ?? emptyProfile(),
  };
}
