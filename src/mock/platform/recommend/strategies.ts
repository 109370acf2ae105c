// The strategy catalog as data: every native strategy is a pure scoring function of the indexes,
// the seed and the time; composites are chains of them; partner strategies borrow a native one.
import type { Catalog } from './catalog';
import { DAY_MS, type Interactions } from './interactions';
import { cooccurrenceLlr } from './llr';
import { ewmaLift, olsSlope } from './trend';

/** What a scoring function may read. */
export interface ScoringInput {
  catalog: Catalog;
  interactions: Interactions;
  /** Seed products (indexes): the request's product ids / SKUs, or the visitor's history. */
  seeds: readonly number[];
  /** Category seeds (`{type:'c', id}`), used by `popular` only. */
  categories: readonly string[];
  /** Platform time, epoch ms. */
  now: number;
}

/** Receives a candidate and its score; several calls for one product add up (seeds aggregate). */
type Emit = (product: number, score: number) => void;

export interface Strategy {
  /** `product`: scores neighbours of each seed product; `catalog`: scores the whole catalog. */
  seed: 'product' | 'catalog';
  score(input: ScoringInput, emit: Emit): void;
  /**
   * Catalog-wide strategies whose scores depend on the time: the time bucket they depend on
   * (`trending_*`: the UTC day; `new`: the millisecond). Rankings are reused within one bucket
   * while the indexes do not change. Absent: time does not matter.
   */
  period?(now: number): number;
}

/** Windows of the time-based strategies. */
const WINDOWS = {
  /** `new`: products added at most this long before now. */
  newProductsMs: 21 * DAY_MS,
  /** `trending_ols_views_1` / `trending_ewma_views_1`: complete UTC days before today. */
  trendDays: 14,
  /** `trending_ewma_views_1`: weight of each newer day. */
  ewmaAlpha: 0.3,
  /** `trending_popular_views_1`: UTC days up to and including today. */
  popularViewsDays: 7,
  /** `cf_viewed` / `cf_bought`: users a pair needs in common (one shared user is noise for cosine; LLR weighs it). */
  cfMinimumSupport: 2,
} as const;

const NO_VIEWS = new Float64Array(0);
const utcDay = (now: number) => Math.floor(now / DAY_MS);

/**
 * Views per product of each of `days` UTC days ending with day `last`, oldest first (products past an array's end: 0).
 */
function dailyViews(interactions: Interactions, last: number, days: number): Float64Array[] {
  return Array.from({ length: days }, (_, i) => interactions.dailyViews.get(last - days + 1 + i)?.values ?? NO_VIEWS);
}

/** A catalog-wide trend score of each product's daily views over the complete days before today. */
function trendOf(measure: (s: Float64Array) => number): Strategy {
  return {
    seed: 'catalog',
    period: utcDay,
    score({ catalog, interactions, now }, emit) {
      const days = dailyViews(interactions, Math.floor(now / DAY_MS) - 1, WINDOWS.trendDays);
      const views = interactions.views.values;
      const series = new Float64Array(WINDOWS.trendDays);
      for (let p = 0; p < catalog.size; p++) {
        if (!(views[p] > 0)) continue;
        for (let d = 0; d < days.length; d++) series[d] = p < days[d].length ? days[d][p] : 0;
        const score = measure(series);
        if (score > 0) emit(p, score);
      }
    },
  };
}

/**
 * Item-to-item collaborative filtering: cosine of the users' vectors, co / √(users(seed) · users(rec)), pairs with >= 2
 * users in common.
 */
function cosine(rows: 'viewedTogether' | 'boughtTogether', users: 'viewers' | 'buyers'): Strategy {
  return {
    seed: 'product',
    score({ interactions, seeds }, emit) {
      for (const seed of seeds) {
        const own = interactions[users].get(seed);
        interactions[rows].neighbours(seed, (rec, both) => {
          if (both >= WINDOWS.cfMinimumSupport) emit(rec, both / Math.sqrt(own * interactions[users].get(rec)));
        });
      }
    },
  };
}

/** Dunning's LLR of the seed → rec table, over `total` users. */
function llr(
  rows: 'viewedTogether' | 'boughtTogether' | 'viewedThenBought' | 'boughtNext',
  seedUsers: 'viewers' | 'buyers',
  recUsers: 'viewers' | 'buyers',
  total: 'viewUsers' | 'buyUsers' | 'users',
): Strategy {
  return {
    seed: 'product',
    score({ interactions, seeds }, emit) {
      const n = interactions[total];
      for (const seed of seeds) {
        const a = interactions[seedUsers].get(seed);
        interactions[rows].neighbours(seed, (rec, both) => {
          const score = cooccurrenceLlr(both, a, interactions[recUsers].get(rec), n);
          if (score > 0) emit(rec, score);
        });
      }
    },
  };
}

function inCategories(own: readonly string[], wanted: readonly string[]): boolean {
  for (const category of own) if (wanted.includes(category)) return true;
  return false;
}

/** Native strategies. The weight of an item is its score (summed over seeds). */
export const STRATEGIES: Readonly<Record<string, Strategy>> = {
  /**
   * Best sellers: units bought, ties broken by views (score = units + views / (max views + 1)); category seeds filter.
   */
  popular: {
    seed: 'catalog',
    score({ catalog, interactions, categories }, emit) {
      const views = interactions.views.values;
      const units = interactions.purchases.values;
      let maxViews = 0;
      for (let p = 0; p < catalog.size && p < views.length; p++) if (views[p] > maxViews) maxViews = views[p];
      for (let p = 0; p < catalog.size; p++) {
        const bought = p < units.length ? units[p] : 0;
        const viewed = p < views.length ? views[p] : 0;
        if (bought + viewed === 0) continue;
        if (categories.length > 0 && !inCategories(catalog.products[p].categories, categories)) continue;
        emit(p, bought + viewed / (maxViews + 1));
      }
    },
  },
  /** Added within the last 21 days, by views (score = 1 + views, so unseen new products still show). */
  new: {
    seed: 'catalog',
    period: (now) => now,
    score({ catalog, interactions, now }, emit) {
      for (let p = 0; p < catalog.size; p++) {
        const age = now - catalog.products[p].addedAt;
        if (age >= 0 && age <= WINDOWS.newProductsMs) emit(p, 1 + interactions.views.get(p));
      }
    },
  },
  /** Least-squares slope of daily views (views/day per day); only rising products. */
  trending_ols_views_1: trendOf(olsSlope),
  /** EWMA of daily views minus their mean over the window; only products above their own level. */
  trending_ewma_views_1: trendOf((s) => ewmaLift(s, WINDOWS.ewmaAlpha)),
  /** Most viewed over the last 7 UTC days (today included). */
  trending_popular_views_1: {
    seed: 'catalog',
    period: utcDay,
    score({ catalog, interactions, now }, emit) {
      const days = dailyViews(interactions, Math.floor(now / DAY_MS), WINDOWS.popularViewsDays).filter(
        (d) => d.length > 0,
      );
      for (let p = 0; p < catalog.size; p++) {
        let views = 0;
        for (const daily of days) if (p < daily.length) views += daily[p];
        if (views > 0) emit(p, views);
      }
    },
  },
  cf_viewed: cosine('viewedTogether', 'viewers'),
  cf_bought: cosine('boughtTogether', 'buyers'),
  pllr: llr('viewedTogether', 'viewers', 'viewers', 'viewUsers'),
  pllr_bought: llr('boughtTogether', 'buyers', 'buyers', 'buyUsers'),
  /** Viewed the seed, bought the rec, over all users. */
  pllr_viewed_bought: llr('viewedThenBought', 'viewers', 'buyers', 'users'),
  /** Bought in the 1st (weight 1) or 2nd (weight 0.5) transaction after the seed's, over buyers. */
  pllr_bought_next: llr('boughtNext', 'buyers', 'buyers', 'buyUsers'),
};

/** Composite strategies: principal first, then fallbacks that fill up to n (PROTOCOL.md). */
export const CHAINS: Readonly<Record<string, readonly string[]>> = {
  engagement: ['cf_viewed', 'pllr', 'trending_popular_views_1'],
  upsell: ['cf_bought', 'pllr_bought', 'trending_popular_views_1'],
  conversion: ['pllr_viewed_bought', 'trending_popular_views_1'],
  trending: ['trending_ols_views_1', 'trending_ewma_views_1'],
};

/**
 * Partner strategies, approximated: each behaves like its closest native strategy; `personal`
 * ones take the visitor's own recent views (contextId) as the seed.
 */
export const PARTNERS: Readonly<Record<string, { like: string; personal: boolean }>> = {
  partner_product_conversion: { like: 'pllr_viewed_bought', personal: false },
  partner_product_clickthrough: { like: 'cf_viewed', personal: false },
  partner_product_similar: { like: 'pllr', personal: false },
  partner_basket_revenue: { like: 'cf_bought', personal: false },
  partner_personal_conversion: { like: 'pllr_viewed_bought', personal: true },
  partner_personal_clickthrough: { like: 'cf_viewed', personal: true },
};

/** Distinct products each event kind must have reached before partner strategies answer. */
export const PARTNER_MINIMUM_PRODUCTS = 100;
