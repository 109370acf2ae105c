import type { PlatformContext } from '../context';
import type { FeedProduct, RecommendRequest, RecommendResult, Rule } from './types';

export type * from './types';

/**
 * The recommendations area of the mock platform.
 * PLACEHOLDER until the engine issue lands: products in feed order, nothing learnt from events,
 * rules ignored. The engine keeps this interface (service.recommend, admin.*).
 */
export function createRecommendArea(ctx: PlatformContext) {
  const catalogs = new Map<string, FeedProduct[]>();
  const known = new Set(['popular', 'new', 'trending', 'engagement', 'upsell', 'conversion', 'pllr_bought_next']);
  return {
    service: {
      /** Recommends for a validated request. Unknown strategies give no items. */
      recommend(request: RecommendRequest): RecommendResult {
        const products = catalogs.get(request.trackingId) ?? [];
        if (!known.has(request.strategies[0])) return { items: [] };
        const seeds = new Set(request.seed.filter((s): s is string => typeof s === 'string'));
        const items = products
          .filter((p) => !seeds.has(p.id))
          .slice(0, request.n)
          .map((p, i) => {
            const locale = request.locale && p.locales[request.locale] ? request.locale : Object.keys(p.locales)[0];
            return { id: p.id, weight: products.length - i, strategy: request.strategies[0], details: { id: p.id, ...p.locales[locale] } };
          });
        return request.debug ? { items, rules: [] } : { items };
      },
    },
    admin: {
      /** Loads (adds or replaces by id) products of a product feed into a property's catalog. */
      loadFeed(trackingId: string, products: FeedProduct[]): void {
        ctx.properties.ensure(trackingId);
        const list = catalogs.get(trackingId) ?? [];
        for (const p of products) {
          const at = list.findIndex((q) => q.id === p.id);
          if (at >= 0) list[at] = p;
          else list.push(p);
        }
        catalogs.set(trackingId, list);
      },
      /** Global rules of a property (replaces them). */
      setGlobalRules(_trackingId: string, _rules: Rule[]): void {},
      /** Rules of a recommendations experience (replaces them). */
      setExperienceRules(_trackingId: string, _experienceId: string, _rules: Rule[]): void {},
    },
    inspect: {},
  };
}
