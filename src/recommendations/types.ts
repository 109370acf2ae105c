import type { DebugRule, PageTracker, RecommendedItem } from '@svc/core';

/** A category seed: products of this `product.categories` value. Only with strategy `popular`. */
export type CategorySeed = { category: string } | { type: 'c'; id: string };

/** What to recommend for: a product id (or SKU), `all` (the whole inventory), or a category. */
export type Seed = string | CategorySeed | (string | CategorySeed)[];

/** A per-request rule: JsonLogic `condition` on `{seed, rec}`; `factor` 0 removes, above 0 multiplies the weight. */
export interface Rule {
  /** Label, informational only. */
  name?: string;
  /** JsonLogic expression. */
  condition: Record<string, unknown>;
  /** Number >= 0. */
  factor: number;
}

/** Configuration of `recommendations(options, config)` and of `get(config)` (which overrides it). */
export interface RecommendationsConfig {
  /**
   * Strategy name, or principal then fallbacks as a comma-separated list or an array.
   * More than 3 fallbacks only warns.
   * @default 'popular'
   */
  strategy?: string | string[];
  /** Number of recommendations, integer 1..50. @default 10 */
  limit?: number;
  /** Product id(s), `all`, or one category seed (`popular` only). @default 'all' */
  seed?: Seed;
  /** Rules for this request only, added to the property's and the experience's rules. @default undefined */
  rules?: Rule[];
  /** Milliseconds before the request is aborted and `get` rejects with `TIMEOUT`; 0 = none. @default 0 */
  timeout?: number;
  /**
   * Property to ask. Without it, `options.meta.trackingId`.
   * @default undefined
   */
  trackingId?: string;
  /**
   * Visitor id (sent as `contextId`). Without it, `options.meta.visitorId`, else the `_svcTracker` cookie.
   * @default undefined
   */
  visitorId?: string;
  /**
   * URL before the tracking id. Without it, `{recs}/vc/recommend/2.1/`, `recs` as set by `setEndpoints`.
   * @default undefined
   */
  endpoint?: string;
  /**
   * Locale of product details: a language tag and a currency, `de-EUR` (also `de-DE-EUR`, `de-eur`:
   * sent as `de-EUR`). Beats the page's `ecView`. Without it, the language and currency of the page tracker's last
   * `ecView`, else `defaultLocale`, else none is sent and the platform uses the catalog's default locale.
   * @default undefined
   */
  locale?: string;
  /**
   * Locale while the page has no `ecView` (a widget rendered before the first view event), in the
   * form of `locale`. The previous client's `defaultLanguage` + `defaultCurrency`.
   * @default undefined
   */
  defaultLocale?: string;
  /** Ask for the rules considered (`debug=True`); `get` then resolves to a list with `rules`. @default false */
  debug?: boolean;
}

/** Metadata of the experience the code runs in. */
export interface ExperienceMeta {
  /** The property; required unless `config.trackingId` names one. */
  trackingId?: string;
  /**
   * The visitor (sent as `contextId`). Without it, the `_svcTracker` cookie.
   * @default undefined
   */
  visitorId?: string;
  /** Sent as `experienceId` (its rules apply) and in `shown`/`clicked` events. @default undefined */
  experienceId?: string | number;
  /** Not sent; part of the experience options object. */
  iterationId?: string | number;
  /** Not sent; part of the experience options object. */
  variationId?: string | number;
}

/** The experience options object. */
export interface RecommendationsOptions {
  /** The experience's metadata; required (an empty object when `config.trackingId` is given). */
  meta: ExperienceMeta;
  /**
   * Delivers `recommendationShown` / `recommendationClicked`. Without it, the page's tracker delivers them, else a
   * direct POST.
   * @default undefined
   */
  emitMetric?: (type: string, data: Record<string, unknown>) => unknown;
  /**
   * The tracker to deliver events to and read `ecView` from. Without it, the page's tracker, `pageTracker()`.
   * @default undefined
   */
  tracker?: PageTracker;
}

/** One recommended product: `strategy` is the item's own, else the requested principal strategy. */
export type Recommendation = RecommendedItem;
export type { DebugRule };

/**
 * What `get` resolves to: the items in rank order; `rules` and `locale` (the locale the platform used) only with
 * `debug`.
 */
export type RecommendationList = Recommendation[] & { rules?: DebugRule[]; locale?: string };

/**
 * An item given to `shown`/`clicked`: one of a `get` result or a copy (spread, `Object.assign`,
 * JSON round trip); `weight` may be a numeric string such as `"1,234.50"`; `position` (1-based
 * rank as rendered) is optional.
 */
export type ShownItem = Pick<Recommendation, 'id' | 'strategy'> & { weight: number | string; position?: number };

/** The client `recommendations(options, config)` returns. */
export interface Recommendations {
  /** Recommendations for `config` (over the initial config, over the defaults). */
  get(config?: RecommendationsConfig): Promise<RecommendationList>;
  /**
   * Emits `recommendationShown`, once per item id, strategy and position for this client (a copy of
   * an item is the item; its position is `item.position`, else its place in a `get` result).
   */
  shown(item: ShownItem): Promise<void>;
  /**
   * Emits `recommendationClicked`, once per item id, strategy and position for this client. The
   * position (1-based) is `position`, else `item.position`, else the item's (or, for a copy, the
   * item with its id and strategy) place in the latest `get` result holding it; none known:
   * `INVALID_ARGUMENT`.
   */
  clicked(item: ShownItem, position?: number): Promise<void>;
  /**
   * Sends `shown` when the rendered `element` becomes a viewable impression (50% of it in the
   * viewport, or 30% of the viewport for an element larger than it, for 1 continuous second with
   * the page visible; at once without IntersectionObserver), and `clicked` with `position` when the
   * visitor follows it (click, middle click on a link, modifier clicks, Enter on a link). Stops by
   * itself when the element leaves the document. `position` (1-based) defaults to the item's
   * place in its `get` result. Returns the function that stops observing.
   */
  observe(element: Element, item: ShownItem, position?: number): () => void;
}

// The server snapshot of a widget: what `loadRecommendations` resolves where the shop renders, and
// what the React and Vue widgets render with `{ initial }`. Plain data (JSON).

/** What a server's `get` ended with: `empty` is `NO_RECOMMENDATIONS`, `error` any other failure. */
export type SnapshotStatus = 'ready' | 'empty' | 'error';

/** A widget's recommendations as the server got them. */
export interface RecommendationsSnapshot {
  /** The items, best first; empty unless `ready`. */
  items: Recommendation[];
  status: SnapshotStatus;
  /** The failure of `empty` and `error` (its code and message), else `null`. */
  error: { code: string; message: string } | null;
}
