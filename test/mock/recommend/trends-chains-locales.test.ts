// Acceptance audit of issue 6: what the other engine tests left unpinned (each case below was
// shown to fail against a broken copy of the engine: a wrong EWMA weight or trend window, a
// conversion chain without its fallback, a page language such as `en-GB`).
import { describe, expect, it } from 'vitest';
import { createBus } from '../../../src/mock/platform/bus';
import { createClock } from '../../../src/mock/platform/clock';
import { createProperties } from '../../../src/mock/platform/properties';
import { createRecommendArea, type InteractionRecord } from '../../../src/mock/platform/recommend';
import { ask, DAY, emptyShop, NOW, picks, product, purchases, recommendRequest, TID, views } from './support';

/** `count` views of `productId` by distinct visitors at `at`. */
const viewsAt = (productId: string, count: number, at: number): InteractionRecord[] =>
  Array.from({ length: count }, (_, k) => ({ kind: 'view', visitorId: `${productId}-${at}-${k}`, productId, at }));

describe('trend windows and weights, computed by hand', () => {
  // 7 views yesterday; 1 view 15 days ago (outside the 14 complete days); 5 views today (not complete).
  function shop() {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(TID, [product('up')]);
    platform.admin.recommend.recordInteractions(TID, [
      ...viewsAt('up', 1, NOW - 15 * DAY),
      ...viewsAt('up', 7, NOW - DAY),
      ...viewsAt('up', 5, NOW),
    ]);
    return platform;
  }

  it('trending_ols_views_1 is the slope over the 14 complete UTC days before today: 0,…,0,7 → 6.5·7 / 227.5 = 0.2', () => {
    const result = ask(shop(), { strategies: ['trending_ols_views_1'] });
    expect(picks(result)).toEqual([['up', 'trending_ols_views_1']]);
    expect(result.items[0].weight).toBeCloseTo(0.2, 12);
  });

  it('trending_ewma_views_1 is the EWMA (α 0.3) minus the mean of the same 14 days: 0.3·7 − 7/14 = 1.6', () => {
    const result = ask(shop(), { strategies: ['trending_ewma_views_1'] });
    expect(picks(result)).toEqual([['up', 'trending_ewma_views_1']]);
    expect(result.items[0].weight).toBeCloseTo(1.6, 12);
  });
});

describe('every composite of PROTOCOL.md falls back in its own order, naming each component', () => {
  it('conversion: pllr_viewed_bought, then trending_popular_views_1', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['a', 'b', 'd', 'e'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...views('v1', ['a']),
      ...purchases('v1', ['b'], 't1'),
      ...views('v2', ['a']),
      ...purchases('v2', ['b'], 't2'),
      ...views('v3', ['d']),
      ...views('v4', ['d']),
      ...views('v5', ['d', 'e']),
    ]);
    expect(picks(ask(platform, { strategies: ['conversion'], seed: ['a'], n: 3 }))).toEqual([
      ['b', 'pllr_viewed_bought'],
      ['d', 'trending_popular_views_1'],
      ['e', 'trending_popular_views_1'],
    ]);
  });

  it('upsell: cf_bought, then pllr_bought, then trending_popular_views_1', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['a', 'b', 'c', 'd', 'f', 'g'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...purchases('v1', ['a', 'b'], 't1'),
      ...purchases('v2', ['a', 'b'], 't2'),
      // One co-buyer: too few for cosine, more than chance for LLR (1·5 buyers > 3·1).
      ...purchases('v3', ['a', 'c'], 't3'),
      ...purchases('v4', ['f'], 't4'),
      ...purchases('v5', ['g'], 't5'),
      ...views('v6', ['d']),
    ]);
    expect(picks(ask(platform, { strategies: ['upsell'], seed: ['a'], n: 3 }))).toEqual([
      ['b', 'cf_bought'],
      ['c', 'pllr_bought'],
      ['d', 'trending_popular_views_1'],
    ]);
  });
});

describe('the locale of products learnt from tracking events', () => {
  it('takes the language of a page whose ecView says `en-GB` (or `de_DE`): the primary subtag', () => {
    const clock = createClock(NOW);
    const bus = createBus();
    const properties = createProperties(clock.now);
    const recommend = createRecommendArea({ clock, bus, properties });
    properties.create(TID);
    const send = (visitorId: string, type: string, data: Record<string, unknown>) =>
      bus.emit('event', {
        trackingId: TID,
        event: { meta: { id: `${visitorId}-${type}`, type, ts: 0, visitorId }, data },
      });
    const details = (locale: string) => recommend.service.recommend(recommendRequest({ locale })).items[0].details;
    send('v1', 'ecView', { type: 'product', language: 'en-GB', country: 'GB', currency: 'GBP' });
    send('v1', 'ecProduct', {
      eventType: 'detail',
      product: { productId: 'mug', name: 'Mug', price: { value: 8, currency: 'GBP' } },
    });
    send('v2', 'ecView', { type: 'product', language: 'de_DE', country: 'DE', currency: 'EUR' });
    send('v2', 'ecProduct', {
      eventType: 'detail',
      product: { productId: 'mug', name: 'Tasse', price: { value: 9, currency: 'EUR' } },
    });
    expect(details('en-GBP')).toEqual({ id: 'mug', name: 'Mug', unit_price: 8, currency: 'GBP' });
    expect(details('de-EUR')).toEqual({ id: 'mug', name: 'Tasse', unit_price: 9, currency: 'EUR' });
  });
});
