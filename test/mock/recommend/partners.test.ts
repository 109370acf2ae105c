import { describe, expect, it } from 'vitest';
import type { MockPlatform } from '../../../src/mock';
import type { InteractionRecord } from '../../../src/mock/platform/recommend';
import { ask, emptyShop, NOW, product, TID } from './support';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

/**
 * `distinct` products each viewed, added and bought by one visitor apiece; visitors `a` and `b`
 * both viewed and bought p0 and p1 (so p1 is p0's neighbour).
 */
function shop(distinct: { view: number; add: number; purchase: number }): MockPlatform {
  const platform = emptyShop();
  platform.admin.recommend.loadFeed(
    TID,
    ids(120).map((id) => product(id)),
  );
  const records: InteractionRecord[] = [];
  for (const kind of ['view', 'add', 'purchase'] as const) {
    for (const [i, productId] of ids(distinct[kind]).entries()) {
      records.push({ kind, visitorId: `${kind}${i}`, productId, at: NOW, transactionId: `t${i}` });
    }
  }
  for (const visitorId of ['a', 'b']) {
    for (const productId of ['p0', 'p1']) {
      records.push(
        { kind: 'view', visitorId, productId, at: NOW },
        { kind: 'purchase', visitorId, productId, at: NOW, transactionId: visitorId },
      );
    }
  }
  platform.admin.recommend.recordInteractions(TID, records);
  return platform;
}

const PARTNERS = [
  'partner_product_conversion',
  'partner_product_clickthrough',
  'partner_product_similar',
  'partner_basket_revenue',
];

describe('partner strategies', () => {
  it('are empty with 99 distinct products in each event kind', () => {
    const platform = shop({ view: 99, add: 99, purchase: 99 });
    expect(platform.inspect.recommend.catalog(TID)).toMatchObject({
      distinctProducts: { view: 99, add: 99, purchase: 99 },
      partnersReady: false,
    });
    for (const strategy of PARTNERS)
      expect(ask(platform, { strategies: [strategy], seed: ['p0'] })).toEqual({ items: [] });
  });

  it('stay empty while any one kind has 99 (the others 100)', () => {
    for (const short of ['view', 'add', 'purchase'] as const) {
      const platform = shop({ view: 100, add: 100, purchase: 100, [short]: 99 });
      expect(ask(platform, { strategies: ['partner_product_similar'], seed: ['p0'] }).items).toEqual([]);
    }
  });

  it('answer at 100 distinct products per kind, like their closest native strategy, under their own name', () => {
    const platform = shop({ view: 100, add: 100, purchase: 100 });
    expect(platform.inspect.recommend.catalog(TID).partnersReady).toBe(true);
    const native = {
      partner_product_conversion: 'pllr_viewed_bought',
      partner_product_clickthrough: 'cf_viewed',
      partner_product_similar: 'pllr',
      partner_basket_revenue: 'cf_bought',
    };
    for (const [partner, like] of Object.entries(native)) {
      const result = ask(platform, { strategies: [partner], seed: ['p0'] });
      expect(result.items.map((i) => i.id)).toEqual(['p1']);
      expect(result.items.map((i) => i.strategy)).toEqual([partner]);
      expect(result.items.map((i) => i.weight)).toEqual(
        ask(platform, { strategies: [like], seed: ['p0'] }).items.map((i) => i.weight),
      );
    }
  });

  it('personal ones use the visitor’s own views (contextId) as the seed, and need a known visitor', () => {
    const platform = shop({ view: 100, add: 100, purchase: 100 });
    platform.admin.recommend.recordInteractions(TID, [{ kind: 'view', visitorId: 'me', productId: 'p0', at: NOW }]);
    for (const strategy of ['partner_personal_clickthrough', 'partner_personal_conversion']) {
      expect(ask(platform, { strategies: [strategy], contextId: 'me' }).items.map((i) => [i.id, i.strategy])).toEqual([
        ['p1', strategy],
      ]);
      expect(ask(platform, { strategies: [strategy], contextId: 'stranger' }).items).toEqual([]);
      expect(ask(platform, { strategies: [strategy] }).items).toEqual([]);
    }
  });

  it('fall back to a native strategy in a list while gated', () => {
    const platform = shop({ view: 99, add: 100, purchase: 100 });
    expect(
      ask(platform, { strategies: ['partner_product_similar', 'pllr'], seed: ['p0'] }).items.map((i) => [
        i.id,
        i.strategy,
      ]),
    ).toEqual([['p1', 'pllr']]);
  });
});
