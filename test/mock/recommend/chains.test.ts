import { describe, expect, it } from 'vitest';
import type { MockPlatform } from '../../../src/mock';
import { ask, emptyShop, picks, product, TID, views } from './support';

/**
 * a and b co-viewed by 2 visitors (cf_viewed), a and c by 1 (only pllr weighs a single shared
 * visitor), d and e viewed the most lately (trending_popular_views_1).
 */
function shop(): MockPlatform {
  const platform = emptyShop();
  platform.admin.recommend.loadFeed(
    TID,
    ['a', 'b', 'c', 'd', 'e'].map((id) => product(id)),
  );
  platform.admin.recommend.recordInteractions(TID, [
    ...views('v1', ['a', 'b']),
    ...views('v2', ['a', 'b']),
    ...views('v3', ['a', 'c']),
    ...views('v4', ['d']),
    ...views('v5', ['d']),
    ...views('v6', ['d']),
    ...views('v7', ['e']),
    ...views('v8', ['e']),
  ]);
  return platform;
}

describe('chains', () => {
  it('engagement fills n from cf_viewed, then pllr, then trending_popular_views_1, naming each component', () => {
    expect(picks(ask(shop(), { strategies: ['engagement'], seed: ['a'], n: 4 }))).toEqual([
      ['b', 'cf_viewed'],
      ['c', 'pllr'],
      ['d', 'trending_popular_views_1'],
      ['e', 'trending_popular_views_1'],
    ]);
  });

  it('stops at n: the principal alone when it has enough', () => {
    expect(picks(ask(shop(), { strategies: ['engagement'], seed: ['a'], n: 1 }))).toEqual([['b', 'cf_viewed']]);
  });

  it('never repeats a product across components, nor returns the seed', () => {
    const items = ask(shop(), { strategies: ['engagement'], seed: ['a'], n: 10 }).items.map((i) => i.id);
    expect(items).toEqual(['b', 'c', 'd', 'e']);
  });

  it('a caller-given list (principal, fallbacks) chains the same way', () => {
    expect(picks(ask(shop(), { strategies: ['pllr', 'popular'], seed: ['a'], n: 3 }))).toEqual([
      ['b', 'pllr'],
      ['c', 'pllr'],
      ['d', 'popular'],
    ]);
  });

  it('a composite in a list expands to its chain', () => {
    expect(picks(ask(shop(), { strategies: ['cf_viewed', 'trending'], seed: ['a'], n: 5 }))).toEqual([
      ['b', 'cf_viewed'],
    ]);
  });

  it('product-seeded components are skipped for the generic seed `all`', () => {
    // a and d: 3 views each (ties keep catalog order), then b, e: 2.
    expect(picks(ask(shop(), { strategies: ['engagement'], seed: ['all'], n: 3 }))).toEqual([
      ['a', 'trending_popular_views_1'],
      ['d', 'trending_popular_views_1'],
      ['b', 'trending_popular_views_1'],
    ]);
  });

  it('an unknown strategy, a deprecated one, or an unknown tracking id gives no items', () => {
    const platform = shop();
    expect(ask(platform, { strategies: ['nope'] })).toEqual({ items: [] });
    expect(ask(platform, { strategies: ['popular', 'nope'] })).toEqual({ items: [] });
    expect(ask(platform, { strategies: ['pp1'] })).toEqual({ items: [] });
    expect(ask(platform, { strategies: ['__proto__'] })).toEqual({ items: [] });
    expect(ask(platform, { trackingId: 'unknown' })).toEqual({ items: [] });
    // Exactly PROTOCOL.md's body, debug or not: no `rules` either.
    expect(ask(platform, { trackingId: 'unknown', debug: true })).toEqual({ items: [] });
    expect(ask(platform, { strategies: ['nope'], debug: true })).toEqual({ items: [] });
  });
});

describe('catalog-wide rankings kept between requests', () => {
  it('change with every new interaction, feed row and UTC day', () => {
    const platform = shop();
    expect(ask(platform, { strategies: ['popular'], n: 2 }).items.map((i) => i.id)).toEqual(['a', 'd']);
    platform.admin.recommend.recordInteractions(TID, [
      { kind: 'purchase', visitorId: 'v9', productId: 'e', at: Date.parse('2026-11-21T11:00:00Z') },
    ]);
    expect(ask(platform, { strategies: ['popular'], n: 2 }).items.map((i) => i.id)).toEqual(['e', 'a']);
    expect(ask(platform, { strategies: ['popular'], seed: [{ type: 'c', id: 'Shoes' }] }).items).toEqual([]);
    platform.admin.recommend.loadFeed(TID, [product('b', { categories: ['Shoes'] })]);
    expect(
      ask(platform, { strategies: ['popular'], seed: [{ type: 'c', id: 'Shoes' }] }).items.map((i) => i.id),
    ).toEqual(['b']);
    expect(ask(platform, { strategies: ['trending_popular_views_1'], n: 1 }).items.map((i) => i.id)).toEqual(['a']);
    platform.clock.advance(7 * 86_400_000);
    expect(ask(platform, { strategies: ['trending_popular_views_1'] }).items).toEqual([]);
  });

  it('skip seeds and earlier picks, and fill past them', () => {
    const platform = shop();
    const all = ask(platform, { strategies: ['popular'], n: 5 }).items.map((i) => i.id);
    expect(ask(platform, { strategies: ['popular'], seed: [all[0], all[2]], n: 5 }).items.map((i) => i.id)).toEqual([
      all[1],
      all[3],
      all[4],
    ]);
  });
});
