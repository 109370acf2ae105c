import { describe, expect, it } from 'vitest';
import type { InteractionRecord } from '../../../src/mock/platform/recommend';
import { ask, DAY, emptyShop, ids, NOW, picks, product, purchases, TID, views } from './support';

describe('popular', () => {
  it('ranks best sellers by units bought, ties broken by views', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['a', 'b', 'c', 'd'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...purchases('v1', ['b'], 't1', NOW - DAY, 3),
      ...purchases('v2', ['c'], 't2'),
      ...purchases('v3', ['a'], 't3'),
      ...views('v4', ['a', 'a']),
    ]);
    const result = ask(platform, { strategies: ['popular'] });
    expect(picks(result)).toEqual([
      ['b', 'popular'],
      ['a', 'popular'],
      ['c', 'popular'],
    ]);
    // a: 1 unit + 2 views / (max views 2 + 1).
    expect(result.items.map((i) => i.weight)).toEqual([3, 1 + 2 / 3, 1]);
  });

  it('with a category seed recommends only that category', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(TID, [
      product('shoe1', { categories: ['Shoes', 'Running'] }),
      product('shoe2', { categories: ['Shoes'] }),
      product('hat', { categories: ['Hats'] }),
    ]);
    platform.admin.recommend.recordInteractions(TID, [
      ...purchases('v1', ['hat'], 't', NOW, 5),
      ...purchases('v2', ['shoe2', 'shoe1'], 'u'),
      ...views('v3', ['shoe1']),
    ]);
    expect(ids(ask(platform, { seed: [{ type: 'c', id: 'Shoes' }] }))).toEqual(['shoe1', 'shoe2']);
    expect(ids(ask(platform, { seed: [{ type: 'c', id: 'Hats' }] }))).toEqual(['hat']);
    expect(ids(ask(platform, { seed: [{ type: 'c', id: 'shoes' }] }))).toEqual([]); // category names are exact
    expect(ids(ask(platform, { seed: ['all'] }))).toEqual(['hat', 'shoe1', 'shoe2']);
  });
});

describe('new', () => {
  it('keeps products added at most 21 days ago (boundary included), ordered by views', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(TID, [
      product('exactly21', { addedAt: NOW - 21 * DAY }),
      product('over21', { addedAt: NOW - 21 * DAY - 1 }),
      product('fresh', { addedAt: new Date(NOW - DAY).toISOString() }),
      product('future', { addedAt: NOW + DAY }),
    ]);
    platform.admin.recommend.recordInteractions(TID, [
      ...views('v1', ['exactly21']),
      ...views('v2', ['exactly21', 'over21']),
    ]);
    const result = ask(platform, { strategies: ['new'] });
    expect(picks(result)).toEqual([
      ['exactly21', 'new'],
      ['fresh', 'new'],
    ]);
    expect(result.items.map((i) => i.weight)).toEqual([3, 1]);
  });

  it('follows the platform clock: a day later the boundary product is out', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(TID, [product('p', { addedAt: NOW - 21 * DAY })]);
    expect(ids(ask(platform, { strategies: ['new'] }))).toEqual(['p']);
    platform.clock.advance(1);
    expect(ids(ask(platform, { strategies: ['new'] }))).toEqual([]);
  });
});

describe('trending', () => {
  // Daily views over the 14 complete days before today (NOW's day): `counts` oldest first.
  const daily = (visitorPrefix: string, productId: string, counts: number[]): InteractionRecord[] =>
    counts.flatMap((count, i) =>
      Array.from({ length: count }, (_, k) => ({
        kind: 'view' as const,
        visitorId: `${visitorPrefix}${i}-${k}`,
        productId,
        at: NOW - (counts.length - i) * DAY,
      })),
    );

  it('trending_ols_views_1 keeps rising products (positive slope), not constant or falling ones', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['rising', 'steep', 'flat', 'falling'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...daily('r', 'rising', [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5]),
      ...daily('s', 'steep', [0, 0, 0, 0, 0, 0, 0, 2, 4, 6, 8, 10, 12, 14]),
      ...daily('f', 'flat', [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]),
      ...daily('d', 'falling', [9, 8, 7, 6, 5, 4, 3, 3, 2, 2, 1, 1, 0, 0]),
    ]);
    const result = ask(platform, { strategies: ['trending_ols_views_1'] });
    expect(picks(result)).toEqual([
      ['steep', 'trending_ols_views_1'],
      ['rising', 'trending_ols_views_1'],
    ]);
    expect(result.items[1].weight).toBeGreaterThan(0);
  });

  it('the trending composite names trending_ols_views_1, then fills with trending_ewma_views_1', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['rising', 'bump', 'flat'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...daily('r', 'rising', [0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4]),
      // Down overall (negative slope) but the last days are above the window's mean.
      ...daily('b', 'bump', [9, 9, 9, 8, 8, 2, 0, 0, 0, 0, 0, 0, 8, 12]),
      ...daily('f', 'flat', [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]),
    ]);
    expect(picks(ask(platform, { strategies: ['trending'] }))).toEqual([
      ['rising', 'trending_ols_views_1'],
      ['bump', 'trending_ewma_views_1'],
    ]);
  });

  it('trending_popular_views_1 counts views of the last 7 days, today included', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['old', 'recent', 'today'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...views('v1', ['old', 'old', 'old'], NOW - 8 * DAY),
      ...views('v2', ['recent', 'recent'], NOW - 6 * DAY),
      ...views('v3', ['today'], NOW),
    ]);
    const result = ask(platform, { strategies: ['trending_popular_views_1'] });
    expect(picks(result)).toEqual([
      ['recent', 'trending_popular_views_1'],
      ['today', 'trending_popular_views_1'],
    ]);
    expect(result.items.map((i) => i.weight)).toEqual([2, 1]);
  });
});

describe('item-to-item strategies', () => {
  it('pllr weighs a co-viewed pair with Dunning LLR computed by hand', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['a', 'b', 'c', 'd'].map((id) => product(id)),
    );
    // 4 visitors; a and b viewed by the same 2 of them, c and d by one each.
    platform.admin.recommend.recordInteractions(TID, [
      ...views('v1', ['a', 'b']),
      ...views('v2', ['a', 'b']),
      ...views('v3', ['c']),
      ...views('v4', ['d']),
    ]);
    const result = ask(platform, { strategies: ['pllr'], seed: ['a'] });
    // Table [[2,0],[0,2]]: 2·(H(rows) + H(cols) − H(matrix)) = 2·(4 ln 2 + 4 ln 2 − 4 ln 2) = 8 ln 2.
    expect(picks(result)).toEqual([['b', 'pllr']]);
    expect(result.items[0].weight).toBeCloseTo(8 * Math.log(2), 12);
  });

  it('cf_viewed is the cosine of the co-viewers and needs 2 users in common', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['a', 'b', 'c'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...views('v1', ['a', 'b', 'c']),
      ...views('v2', ['a', 'b']),
      ...views('v3', ['b']),
    ]);
    const result = ask(platform, { strategies: ['cf_viewed'], seed: ['a'] });
    // a: 2 viewers, b: 3 viewers, 2 in common → 2 / √6; c shares only 1 viewer with a.
    expect(picks(result)).toEqual([['b', 'cf_viewed']]);
    expect(result.items[0].weight).toBeCloseTo(2 / Math.sqrt(6), 12);
  });

  it('cf_bought / pllr_bought learn from purchases, pllr_viewed_bought from views followed by purchases', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['camera', 'bag', 'tripod', 'x', 'y'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...purchases('v1', ['camera', 'bag'], 't1'),
      ...purchases('v2', ['camera', 'bag'], 't2'),
      ...purchases('v3', ['x'], 't3'),
      ...purchases('v4', ['y'], 't4'),
      ...views('v5', ['camera']),
      ...purchases('v5', ['tripod'], 't5'),
    ]);
    expect(picks(ask(platform, { strategies: ['cf_bought'], seed: ['camera'] }))).toEqual([['bag', 'cf_bought']]);
    expect(picks(ask(platform, { strategies: ['pllr_bought'], seed: ['camera'] }))).toEqual([['bag', 'pllr_bought']]);
    expect(picks(ask(platform, { strategies: ['pllr_viewed_bought'], seed: ['camera'] }))).toEqual([
      ['tripod', 'pllr_viewed_bought'],
    ]);
  });

  it('pllr_bought_next ranks the next purchase above the one after, and ignores the same basket', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...purchases('v1', ['a', 'g'], 't1', NOW - 3 * DAY),
      ...purchases('v1', ['b'], 't2', NOW - 2 * DAY),
      ...purchases('v1', ['c'], 't3', NOW - DAY),
      ...purchases('v2', ['d'], 't4'),
      ...purchases('v3', ['e'], 't5'),
      ...purchases('v4', ['f'], 't6'),
    ]);
    const result = ask(platform, { strategies: ['pllr_bought_next'], seed: ['a'] });
    expect(picks(result)).toEqual([
      ['b', 'pllr_bought_next'],
      ['c', 'pllr_bought_next'],
    ]);
    expect(result.items[0].weight).toBeGreaterThan(result.items[1].weight);
  });

  it('aggregates several seeds and never recommends a seed back', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(
      TID,
      ['a', 'b', 'c', 'd'].map((id) => product(id)),
    );
    platform.admin.recommend.recordInteractions(TID, [
      ...views('v1', ['a', 'b', 'c']),
      ...views('v2', ['a', 'b', 'c']),
      ...views('v3', ['b', 'd']),
      ...views('v4', ['b', 'd']),
      ...views('v5', ['c', 'd']),
      ...views('v6', ['c', 'd']),
    ]);
    const single = ask(platform, { strategies: ['cf_viewed'], seed: ['a'] });
    expect(ids(single)).toEqual(['b', 'c']);
    const both = ask(platform, { strategies: ['cf_viewed'], seed: ['b', 'c'] });
    // a (2 viewers): 2/√(2·4) from b + 2/√(2·4) from c = √2; d (4 viewers): 2/√(4·4) + 2/√(4·4) = 1.
    expect(ids(both)).toEqual(['a', 'd']);
    expect(both.items[0].weight).toBeCloseTo(Math.SQRT2, 12);
    expect(both.items[1].weight).toBeCloseTo(1, 12);
    expect(ids(ask(platform, { strategies: ['popular'], seed: ['b'] }))).not.toContain('b');
  });

  it('finds a seed by SKU when no product has that id', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(TID, [product('a', { sku: 'SKU-A' }), product('b')]);
    platform.admin.recommend.recordInteractions(TID, [...views('v1', ['a', 'b']), ...views('v2', ['a', 'b'])]);
    expect(ids(ask(platform, { strategies: ['cf_viewed'], seed: ['SKU-A'] }))).toEqual(['b']);
  });
});
