import type { PlatformContext } from '../context';
import { PropertyIndexes, partnersReady, recommend } from './engine';
import { applyFeedProduct, checkFeedProduct } from './feed';
import { checkInteractionRecords, type InteractionRecord, ingestEvent, ingestInteraction } from './ingest';
import { compileRules } from './rules';
import { PARTNER_MINIMUM_PRODUCTS } from './strategies';
import type { FeedProduct, RecommendRequest, RecommendResult, Rule } from './types';

export { InvalidFeedError } from './feed';
export type { InteractionRecord } from './ingest';
export { InvalidRuleError } from './rules';
export type * from './types';

/** A promotion defined in the platform: products meeting `condition` get factor 2. */
export interface Promotion {
  name?: string;
  /** JsonLogic on `{seed, rec}`, as a rule's condition. */
  condition: Record<string, unknown>;
}

/** The factor a platform promotion applies (the seed: "a promotion rule defined in the platform applies factor 2"). */
export const PROMOTION_FACTOR = 2;

/**
 * The recommendations area of the mock platform: a catalog per property (feeds and the products
 * tracking events carry), interaction indexes learnt incrementally from accepted tracking events
 * (the bus's `event`), the strategy catalog, chains and rules. See docs/mock-engine.md.
 */
export function createRecommendArea(ctx: PlatformContext) {
  const properties = new Map<string, PropertyIndexes>();
  const indexesOf = (trackingId: string): PropertyIndexes => {
    let indexes = properties.get(trackingId);
    if (!indexes) {
      indexes = new PropertyIndexes();
      properties.set(trackingId, indexes);
    }
    return indexes;
  };

  ctx.bus.on('event', ({ trackingId, event }) => {
    const indexes = indexesOf(trackingId);
    indexes.version++;
    ingestEvent(indexes.catalog, indexes.interactions, indexes.visitorLocales, event, ctx.clock.now());
  });

  return {
    service: {
      /**
       * Recommends for a validated request (PROTOCOL.md "Recommendations"). Unknown tracking id or
       * strategy: no items. Throws InvalidRuleError (`code` INVALID_RULE, message naming
       * `rules[i]...`) when the request's rules are malformed: answer it with HTTP 400.
       */
      recommend(request: RecommendRequest): RecommendResult {
        const known = ctx.properties.has(request.trackingId);
        return recommend(known ? properties.get(request.trackingId) : undefined, request, ctx.clock.now());
      },
    },
    admin: createAdmin(ctx, indexesOf),
    inspect: createInspect(properties),
  };
}

/** Server-side operations of the recommendations area (feeds, rules, promotions, interactions). */
function createAdmin(ctx: PlatformContext, indexesOf: (trackingId: string) => PropertyIndexes) {
  return {
    /**
     * Loads (adds or replaces by id) products of a product feed into a property's catalog. The
     * whole feed is checked first: a malformed row throws InvalidFeedError and nothing is loaded.
     */
    loadFeed(trackingId: string, products: FeedProduct[]): void {
      if (!Array.isArray(products)) throw new TypeError('loadFeed: products must be an array');
      const addedAt = products.map((row, i) => checkFeedProduct(row, `products[${i}]`));
      ctx.properties.ensure(trackingId);
      const indexes = indexesOf(trackingId);
      const { catalog } = indexes;
      indexes.version++;
      const now = ctx.clock.now();
      for (const [i, row] of products.entries()) applyFeedProduct(catalog, row, addedAt[i], now);
    },
    /** Global rules of a property (replaces them). Throws InvalidRuleError for a malformed rule. */
    setGlobalRules(trackingId: string, rules: Rule[]): void {
      const compiled = compileRules(rules, 'global', 'global rules');
      indexesOf(trackingId).globalRules = compiled;
    },
    /** Rules of a recommendations experience (replaces them). Throws InvalidRuleError for a malformed rule. */
    setExperienceRules(trackingId: string, experienceId: string, rules: Rule[]): void {
      const compiled = compileRules(rules, 'experience', `experience ${experienceId} rules`);
      indexesOf(trackingId).experienceRules.set(String(experienceId), compiled);
    },
    /** Promotions of a property (replaces them): global rules with factor 2. */
    setPromotions(trackingId: string, promotions: Promotion[]): void {
      const rules = promotions.map((p) => ({ name: p.name, condition: p.condition, factor: PROMOTION_FACTOR }));
      indexesOf(trackingId).promotions = compileRules(rules, 'global', 'promotions');
    },
    /**
     * Feeds interactions straight into the indexes, as if their tracking events had arrived (in
     * the given order), without passing through the events area: fixtures and benches use it.
     * Every record is checked first: a malformed one throws a TypeError and nothing is recorded.
     */
    recordInteractions(trackingId: string, records: Iterable<InteractionRecord>): void {
      const checked = checkInteractionRecords(records);
      ctx.properties.ensure(trackingId);
      const indexes = indexesOf(trackingId);
      const { catalog, interactions } = indexes;
      indexes.version++;
      for (const record of checked) ingestInteraction(catalog, interactions, record);
    },
  };
}

/** What tests read of the recommendations area: the catalog as feed rows, and what the engine knows. */
function createInspect(properties: ReadonlyMap<string, PropertyIndexes>) {
  return {
    /** The property's catalog as feed rows (what `loadFeed` and tracking events taught it), in catalog order. */
    feed(trackingId: string): FeedProduct[] {
      const indexes = properties.get(trackingId);
      if (!indexes) return [];
      return indexes.catalog.products.map((p) => ({
        id: p.id,
        ...(p.sku !== undefined ? { sku: p.sku } : {}),
        categories: [...p.categories],
        ...(p.brand !== undefined ? { brand: p.brand } : {}),
        addedAt: p.addedAt,
        locales: Object.fromEntries([...p.locales].map(([locale, details]) => [locale, { ...details }])),
      }));
    },
    /** What the engine knows of a property: catalog size, default locale, partner prerequisite. */
    catalog(trackingId: string) {
      const indexes = properties.get(trackingId);
      const distinct = indexes ? { ...indexes.interactions.distinct } : { view: 0, add: 0, purchase: 0 };
      return {
        products: indexes?.catalog.size ?? 0,
        defaultLocale: indexes?.catalog.defaultLocale(),
        /** Distinct products seen per event kind; partner strategies answer once each is >= `partnerMinimum`. */
        distinctProducts: distinct,
        partnerMinimum: PARTNER_MINIMUM_PRODUCTS,
        partnersReady: indexes ? partnersReady(indexes.interactions) : false,
      };
    },
  };
}
