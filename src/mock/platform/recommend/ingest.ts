// How tracking events (PROTOCOL.md's event table) and interaction records reach a property's
// catalog and interaction indexes. Untrusted input: anything malformed is skipped, never thrown.
import { isObject, toLocale } from '@svc/core';
import { type Catalog, cleanRecord, type Details } from './catalog';
import type { InteractionKind, Interactions } from './interactions';

/** One interaction fed straight into the indexes (fixtures, benches): no tracking event needed. */
export interface InteractionRecord {
  kind: InteractionKind;
  visitorId: string;
  productId: string;
  /** Epoch ms. */
  at: number;
  /**
   * Purchases: the transaction; purchases of one transaction are one basket. Without it, the UTC day stands for the
   * transaction: a visitor's purchases of one UTC day are one basket.
   * @default undefined
   */
  transactionId?: string;
  /** Purchases: units. @default 1 */
  quantity?: number;
}

type Data = Record<string, unknown>;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

const INTERACTION_KINDS: ReadonlySet<unknown> = new Set<InteractionKind>(['view', 'add', 'purchase']);

/**
 * `records` as a list, each checked before any is applied (`recordInteractions` applies all or
 * none): an object with a known `kind`, non-empty `visitorId` and `productId`, a finite `at`, and
 * when given a string `transactionId` and a whole `quantity` of at least 1. A TypeError names the
 * first bad one (`records[3].productId`).
 */
export function checkInteractionRecords(records: Iterable<InteractionRecord>): InteractionRecord[] {
  if (records === null || typeof (records as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== 'function')
    throw new TypeError('recordInteractions: records must be a list');
  const list = [...records];
  for (const [i, record] of list.entries()) {
    const problem = interactionProblem(record);
    if (problem) throw new TypeError(`recordInteractions: records[${i}]${problem}`);
  }
  return list;
}

function interactionProblem(record: unknown): string | undefined {
  if (!isObject(record)) return ' must be an object';
  if (!INTERACTION_KINDS.has(record.kind))
    return `.kind must be view, add or purchase (got ${JSON.stringify(record.kind)})`;
  if (!isText(record.visitorId)) return '.visitorId must be a non-empty string';
  if (!isText(record.productId)) return '.productId must be a non-empty string';
  if (typeof record.at !== 'number' || !Number.isFinite(record.at)) return '.at must be epoch ms';
  if (record.transactionId !== undefined && typeof record.transactionId !== 'string')
    return '.transactionId must be a string';
  const { quantity } = record;
  if (quantity !== undefined && !(Number.isSafeInteger(quantity) && (quantity as number) >= 1))
    return '.quantity must be a whole number of at least 1';
  return undefined;
}

/** Which events are interactions, and of what kind (others only teach the catalog). */
const EVENT_KINDS: Readonly<Record<string, (data: Data) => InteractionKind | undefined>> = {
  ecProduct: (d) => (d.eventType === 'detail' ? 'view' : undefined),
  ecBasketItemAction: (d) => (d.action === 'add' ? 'add' : undefined),
  ecBasketItemTransaction: () => 'purchase',
};

/** The language and currency of each visitor's latest `ecView`, for the locale of the products it sees. */
export type VisitorLocales = Map<string, { language?: string; currency?: string }>;

/** Language of products seen by a visitor whose `ecView` gave none. */
const DEFAULT_EVENT_LANGUAGE = 'en';

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
    // As sent: `en`, or a language tag such as `en-GB` / `en_GB` (navigator.language); core's toLocale reduces it.
    const language = isText(data.language) ? data.language : undefined;
    const currency = isText(data.currency) ? data.currency.toUpperCase() : undefined;
    locales.set(visitorId, { language, currency });
    return;
  }
  const kindOf = Object.hasOwn(EVENT_KINDS, String(meta.type)) ? EVENT_KINDS[String(meta.type)] : undefined;
  if (!kindOf || !isObject(data.product) || !isText(data.product.productId)) return;
  const product = learnProduct(catalog, data.product, locales.get(visitorId), at);
  const kind = kindOf(data);
  if (!kind) return;
  const transaction = isObject(data.transaction) && isText(data.transaction.id) ? data.transaction.id : '';
  const quantity =
    typeof data.quantity === 'number' && data.quantity > 0 && Number.isFinite(data.quantity) ? data.quantity : 1;
  interactions.record(kind, visitorId, product, at, transaction, quantity);
}

/** Adds or updates the product an event carries, in the locale of the visitor's page. */
function learnProduct(
  catalog: Catalog,
  product: Data,
  visitor: { language?: string; currency?: string } | undefined,
  at: number,
): number {
  const index = catalog.ensure(product.productId as string, at);
  if (isText(product.sku)) catalog.setSku(index, product.sku);
  if (Array.isArray(product.categories) && product.categories.every(isText))
    catalog.products[index].categories = [...product.categories];
  const price = isObject(product.price) ? product.price : undefined;
  const currency = isText(price?.currency) ? price.currency.toUpperCase() : visitor?.currency;
  // The client's rule (core): `de-DE` + `EUR` -> `de-EUR`; not a language tag or a currency: no details learnt.
  const locale = toLocale(visitor?.language ?? DEFAULT_EVENT_LANGUAGE, currency);
  if (!locale) return index;
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
