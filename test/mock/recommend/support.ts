// Tiny hand-built properties for the engine's tests.
import { createMockPlatform, type MockPlatform } from '../../../src/mock';
import type {
  FeedProduct,
  InteractionRecord,
  RecommendRequest,
  RecommendResult,
} from '../../../src/mock/platform/recommend';

export const NOW = Date.parse('2026-11-21T12:00:00Z');
export const DAY = 86_400_000;
export const TID = 'shop';

/** A platform frozen at NOW with an empty property `shop`. */
export function emptyShop(): MockPlatform {
  const platform = createMockPlatform({ now: NOW });
  platform.admin.createProperty(TID);
  return platform;
}

/** A feed row with English details only. */
export function product(
  id: string,
  extra: Partial<FeedProduct> = {},
  details: Record<string, unknown> = {},
): FeedProduct {
  return {
    id,
    addedAt: NOW - 100 * DAY,
    locales: { 'en-GBP': { name: `Product ${id}`, currency: 'GBP', unit_price: 10, ...details } },
    ...extra,
  };
}

/** `visitor` viewed each of `products` (at `at`). */
export function views(visitor: string, products: string[], at = NOW - DAY / 2): InteractionRecord[] {
  return products.map((productId) => ({ kind: 'view', visitorId: visitor, productId, at }));
}

/** `visitor` bought `products` in transaction `tx`. */
export function purchases(
  visitor: string,
  products: string[],
  tx: string,
  at = NOW - DAY / 2,
  quantity = 1,
): InteractionRecord[] {
  return products.map((productId) => ({
    kind: 'purchase',
    visitorId: visitor,
    productId,
    at,
    transactionId: tx,
    quantity,
  }));
}

/** A request for 10 `popular` items of property `shop`, seed `all`, no rules: the engine tests' baseline. */
export function recommendRequest(overrides: Partial<RecommendRequest> = {}): RecommendRequest {
  return { trackingId: TID, strategies: ['popular'], n: 10, seed: ['all'], rules: [], debug: false, ...overrides };
}

export function ask(platform: MockPlatform, request: Partial<RecommendRequest>): RecommendResult {
  return platform.services.recommend.recommend(recommendRequest(request));
}

/** `[id, strategy]` of each item. */
export const picks = (result: RecommendResult) => result.items.map((item) => [item.id, item.strategy]);
export const ids = (result: RecommendResult) => result.items.map((item) => item.id);
