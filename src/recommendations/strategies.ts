/**
 * The strategy catalog (seed: "Strategy catalog"), as data. Values are the kind of strategy:
 * - `native`: computed by the platform; `composite` natives fall back along a chain (below);
 * - `partner`: a `partner_` strategy; needs a visitor id; `partner+seed` also needs a product-id seed;
 * - `deprecated`: refused by the client (use `popular`).
 * Names missing here are sent as given: the platform answers unknown ones with no items.
 * The client checks requests with the two patterns below (a test keeps them equal to this table).
 */
export const STRATEGIES = {
  popular: 'native',
  new: 'native',
  pllr_bought_next: 'native',
  engagement: 'composite',
  upsell: 'composite',
  conversion: 'composite',
  trending: 'composite',
  partner_product_conversion: 'partner+seed',
  partner_product_clickthrough: 'partner+seed',
  partner_product_similar: 'partner+seed',
  partner_basket_revenue: 'partner+seed',
  partner_personal_conversion: 'partner',
  partner_personal_clickthrough: 'partner',
  pp1: 'deprecated',
  pp3: 'deprecated',
  pop: 'deprecated',
} as const;

/** The platform's fallback chain of each composite strategy, principal first (PROTOCOL.md). */
export const CHAINS: Readonly<Record<'engagement' | 'upsell' | 'conversion' | 'trending', readonly string[]>> = {
  engagement: ['cf_viewed', 'pllr', 'trending_popular_views_1'],
  upsell: ['cf_bought', 'pllr_bought', 'trending_popular_views_1'],
  conversion: ['pllr_viewed_bought', 'trending_popular_views_1'],
  trending: ['trending_ols_views_1', 'trending_ewma_views_1'],
};

/** The kind of a catalog strategy: `native`, `composite`, `partner`, `partner+seed` or `deprecated`. */
export type StrategyKind = (typeof STRATEGIES)[keyof typeof STRATEGIES];
/** A strategy of the catalog; any other name (a chain component such as `cf_viewed`) is a plain string. */
export type StrategyName = keyof typeof STRATEGIES;

/** The `deprecated` strategies of the catalog. */
export const DEPRECATED = /^(pp[13]|pop)$/;
/** The `partner+seed` strategies of the catalog (every `partner_` strategy needs a visitor id). */
export const NEEDS_SEED = /^partner_(product_(conversion|clickthrough|similar)|basket_revenue)$/;

/** Fallbacks beyond this many get a console warning (the seed: "two to three advised"). */
export const ADVISED_FALLBACKS = 3;
