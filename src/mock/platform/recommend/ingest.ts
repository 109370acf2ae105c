// How tracking events (PROTOCOL.md's event table) and feed rows reach a property's catalog and
// interaction indexes. Untrusted input: anything malformed is skipped, never thrown.
import { cleanRecord, LOCALE_PATTERN, type Catalog, type Details } from './catalog';
import type { InteractionKind, Interactions } from './interactions';
import type { FeedProduct } from './types';

/** One interaction fed straight into the indexes (fixtures, benches): no tracking event needed. */
export interface InteractionRecord {
  kind: InteractionKind;
  visitorId: string;
  productId: string;
  /** Epoch ms. */
  at: number;
  /** Purchases: the transaction; purchases of one transaction are one basket. Default: the UTC day. */
  transactionId?: string;
  /** Purchases: units. Default 1. */
  quantity?: number;
}

type Data = Record<string, unknown>;
const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Which events are interactions, and of what kind (others only teach the catalog). */
const EVENT_KINDS: Readonly<Record<string, (data: Data) => InteractionKind | undefined>> = {
  ecProduct: (d) => (d.eventType === 'detail' ? 'view' : undefined),
  ecBasketItemAction: (d) => (d.action === 'add' ? 'add' : undefined),
  ecBasketItemTransaction: () => 'purchase',
};

/** The language and currency of each visitor's latest `ecView`, for the locale of the products it sees. */
export type VisitorLocales = Map<string, { language?: string; currency?: string }>;

/** Language of products seen by a visitor whose `ecView` gave none. */
export const DEFAULT_EVENT_LANGUAGE = 'en';

/** Applies one accepted tracking event, received at `at` (the platform's clock). */
export function ingestEvent(
  catalog: Catalog,
  interactions: Interactions,
  locales: VisitorLocales,
  event: { meta: Data; data: Data },
  at: number,
): void {
  const { meta, data } = event;
  if (!isObject(data) || !isText(meta.visitorId)) return;
  const visitorId = meta.visitorId;
  if (meta.type === 'ecView') {
    const language = typeof data.language === 'string' ? data.language.toLowerCase() : undefined;
    const currency = typeof data.currency === 'string' ? data.currency.toUpperCase() : undefined;
    locales.set(visitorId, { language, currency });
    return;
  }
  const kindOf = Object.hasOwn(EVENT_KINDS, String(meta.type)) ? EVENT_KINDS[String(meta.type)] : undefined;
  if (!kindOf || !isObject(data.product) || !isText(data.product.productId)) return;
  const product = learnProduct(catalog, data.product, locales.get(visitorId), at);
  const kind = kindOf(data);
  if (!kind) return;
  const transaction = isObject(data.transaction) && isText(data.transaction.id) ? data.transaction.id : '';
  const quantity = typeof data.quantity === 'number' && data.quantity > 0 && Number.isFinite(data.quantity) ? data.quantity : 1;
  interactions.record(kind, visitorId, product, at, transaction, quantity);
}

/** Adds or updates the product an event carries, in the locale of the visitor's page. */
function learnProduct(catalog: Catalog, product: Data, visitor: { language?: string; currency?: string } | undefined, at: number): number {
  const index = catalog.ensure(product.productId as string, at);
  if (isText(product.sku)) catalog.setSku(index, product.sku);
  if (Array.isArray(product.categories) && product.categories.every(isText)) catalog.products[index].categories = [...product.categories];
  const price = isObject(product.price) ? product.price : undefined;
  const currency = isText(price?.currency) ? price.currency.toUpperCase() : visitor?.currency;
  const locale = `${visitor?.language ?? DEFAULT_EVENT_LANGUAGE}-${currency}`;
  if (!LOCALE_PATTERN.test(locale)) return index;
  const details: Details = cleanRecord({
    name: isText(product.name) ? product.name : undefined,
    url: isText(product.url) ? product.url : undefined,
    image_url: isText(product.imageUrl) ? product.imageUrl : undefined,
    unit_price: typeof price?.value === 'number' ? price.value : undefined,
    currency,
    stock: typeof product.stock === 'number' ? product.stock : undefined,
  });
  catalog.setDetails(index, locale, details, true);
  return index;
}

/** Applies one interaction record (the product joins the catalog, added at `at`, if new). */
export function ingestInteraction(catalog: Catalog, interactions: Interactions, record: InteractionRecord): void {
  const product = catalog.ensure(record.productId, record.at);
  interactions.record(record.kind, record.visitorId, product, record.at, record.transactionId, record.quantity ?? 1);
}

/** A feed row refused by `loadFeed`; `path` names it (e.g. `products[3].locales`). */
export class InvalidFeedError extends Error {
  override name = 'InvalidFeedError';
  readonly code = 'INVALID_FEED';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path} ${reason}`);
  }
}

/** Checks a feed row; throws InvalidFeedError naming the field. Returns its `addedAt` in epoch ms, if given. */
export function checkFeedProduct(row: FeedProduct, path: string): number | undefined {
  if (!isObject(row)) throw new InvalidFeedError(path, 'must be an object');
  if (!isText(row.id)) throw new InvalidFeedError(`${path}.id`, 'must be a non-empty string');
  if (!isObject(row.locales)) throw new InvalidFeedError(`${path}.locales`, 'must be an object of locale → details');
  for (const [locale, details] of Object.entries(row.locales)) {
    if (!LOCALE_PATTERN.test(locale)) throw new InvalidFeedError(`${path}.locales`, `has a locale that is not <language>-<CURRENCY>: ${JSON.stringify(locale)}`);
    if (!isObject(details)) throw new InvalidFeedError(`${path}.locales.${locale}`, 'must be an object');
  }
  if (row.categories !== undefined && !(Array.isArray(row.categories) && row.categories.every(isText))) {
    throw new InvalidFeedError(`${path}.categories`, 'must be an array of non-empty strings');
  }
  if (row.sku !== undefined && !isText(row.sku)) throw new InvalidFeedError(`${path}.sku`, 'must be a non-empty string');
  if (row.brand !== undefined && !isText(row.brand)) throw new InvalidFeedError(`${path}.brand`, 'must be a non-empty string');
  const addedAt = row.addedAt === undefined ? undefined : typeof row.addedAt === 'number' ? row.addedAt : Date.parse(row.addedAt);
  if (addedAt !== undefined && !Number.isFinite(addedAt)) throw new InvalidFeedError(`${path}.addedAt`, `is not a time: ${String(row.addedAt)}`);
  return addedAt;
}

/** Adds or replaces a checked feed product (all its locales); new products without `addedAt` are added `now`. */
export function applyFeedProduct(catalog: Catalog, row: FeedProduct, addedAt: number | undefined, now: number): void {
  const index = catalog.ensure(row.id, addedAt ?? now);
  const product = catalog.products[index];
  if (addedAt !== undefined) product.addedAt = addedAt;
  if (row.categories) product.categories = [...row.categories];
  if (row.brand !== undefined) product.brand = row.brand;
  if (row.sku !== undefined) catalog.setSku(index, row.sku);
  catalog.clearLocales(index);
  for (const [locale, details] of Object.entries(row.locales)) catalog.setDetails(index, locale, cleanRecord(details), false);
}
