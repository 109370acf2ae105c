// Product feed rows (docs/mock-engine.md: the feed's fields): checked as a
// whole first, then each row adds or replaces its product, all locales.

import { isObject } from '@svc/core';
import { type Catalog, cleanRecord, LOCALE_PATTERN } from './catalog';
import { EngineInputError } from './input-error';
import type { FeedProduct } from './types';

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A feed row refused by `loadFeed`; `path` names it (e.g. `products[3].locales`). */
export class InvalidFeedError extends EngineInputError {
  override name = 'InvalidFeedError';
  constructor(path: string, reason: string) {
    super('INVALID_FEED', path, reason);
  }
}

/** Checks a feed row; throws InvalidFeedError naming the field. Returns its `addedAt` in epoch ms, if given. */
export function checkFeedProduct(row: FeedProduct, path: string): number | undefined {
  if (!isObject(row)) throw new InvalidFeedError(path, 'must be an object');
  if (!isText(row.id)) throw new InvalidFeedError(`${path}.id`, 'must be a non-empty string');
  if (!isObject(row.locales)) throw new InvalidFeedError(`${path}.locales`, 'must be an object of locale → details');
  for (const [locale, details] of Object.entries(row.locales)) {
    if (!LOCALE_PATTERN.test(locale))
      throw new InvalidFeedError(
        `${path}.locales`,
        `has a locale that is not <language>-<CURRENCY>: ${JSON.stringify(locale)}`,
      );
    if (!isObject(details)) throw new InvalidFeedError(`${path}.locales.${locale}`, 'must be an object');
  }
  if (row.categories !== undefined && !(Array.isArray(row.categories) && row.categories.every(isText))) {
    throw new InvalidFeedError(`${path}.categories`, 'must be an array of non-empty strings');
  }
  if (row.sku !== undefined && !isText(row.sku))
    throw new InvalidFeedError(`${path}.sku`, 'must be a non-empty string');
  if (row.brand !== undefined && !isText(row.brand))
    throw new InvalidFeedError(`${path}.brand`, 'must be a non-empty string');
  const addedAt =
    row.addedAt === undefined ? undefined : typeof row.addedAt === 'number' ? row.addedAt : Date.parse(row.addedAt);
  if (addedAt !== undefined && !Number.isFinite(addedAt))
    throw new InvalidFeedError(`${path}.addedAt`, `is not a time: ${String(row.addedAt)}`);
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
  for (const [locale, details] of Object.entries(row.locales))
    catalog.setDetails(index, locale, cleanRecord(details), false);
}
