// The contract between the recommendations handler (request parsing and validation, envelope)
// and the recommendations engine (catalog, indexes, strategies, chains, rules).

/** One element of the request's `h`: a product id (or SKU), `all`, or a category seed. */
export type SeedItem = string | { type: 'c'; id: string };

/** A rule: JsonLogic `condition` on `{seed, rec}`; `factor` 0 removes, above 0 multiplies the weight. */
export interface Rule {
  name?: string;
  condition: Record<string, unknown>;
  factor: number;
}

/** A request as the handler validated it (PROTOCOL.md "Recommendations"). */
export interface RecommendRequest {
  trackingId: string;
  /** Principal strategy first, then the caller's fallbacks (from a comma-separated `strategy`). */
  strategies: string[];
  /** 1..50. */
  n: number;
  /**
   * As sent: `<language>-<CURRENCY>` in any case (`de-eur`), or with a region-tagged language
   * (`de-DE-EUR`); absent or unknown to the catalog: the catalog's most common one.
   */
  locale?: string;
  contextId?: string;
  experienceId?: string;
  /** From the body's `h`; `['all']` when absent. */
  seed: SeedItem[];
  /** The request's own rules (added to the property's global rules and the experience's rules). */
  rules: Rule[];
  debug: boolean;
}

import type { DebugRule, RecommendedItem } from '@svc/core';

export type { DebugRule, RecommendedItem } from '@svc/core';

/** The mock's answer to a recommendations request. */
export interface RecommendResult {
  /** The items in rank order. */
  items: RecommendedItem[];
  /** Present only when the request had `debug` (and named a known property and strategies). */
  rules?: DebugRule[];
  /** With `debug`: the locale the details are in (the requested one, else the catalog's default). */
  locale?: string;
}

/** A product of a feed (`platform.admin.recommend.loadFeed`). */
export interface FeedProduct {
  /** Product id. */
  id: string;
  sku?: string;
  categories?: string[];
  brand?: string;
  /** When the product joined the catalog (epoch ms or ISO); default: when it was loaded. */
  addedAt?: number | string;
  /**
   * Details per locale (`en-GBP` → name, description, url, image_url, unit_price, unit_sale_price, currency, stock,
   * category, subcategory, sku_code, custom fields).
   */
  locales: Record<string, Record<string, unknown>>;
}
