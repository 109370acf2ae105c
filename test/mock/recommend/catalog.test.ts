import { describe, expect, it } from 'vitest';
import { createBus } from '../../../src/mock/platform/bus';
import { createClock } from '../../../src/mock/platform/clock';
import { createProperties } from '../../../src/mock/platform/properties';
import { createRecommendArea, type FeedProduct, InvalidFeedError } from '../../../src/mock/platform/recommend';
import { ask, emptyShop, ids, NOW, purchases, TID, views } from './support';

/** The mug's en-GBP details, custom fields (`stock`, `colour`) included. */
const mugInEnglish = {
  name: 'Mug',
  unit_price: 8,
  currency: 'GBP',
  url: '/en/mug',
  image_url: '/images/mug.svg',
  stock: 3,
  colour: 'red',
};
/** The mug's product-level fields as an item's details carry them. */
const mugProductFields = { id: 'mug', sku_code: 'MUG-1', category: 'Kitchen', subcategory: 'Mugs', brand: 'Acme' };

const feed: FeedProduct[] = [
  {
    id: 'mug',
    sku: 'MUG-1',
    brand: 'Acme',
    categories: ['Kitchen', 'Mugs'],
    locales: {
      'en-GBP': mugInEnglish,
      'de-EUR': { name: 'Tasse', unit_price: 9.5, currency: 'EUR', url: '/de/tasse' },
    },
  },
  { id: 'cup', locales: { 'en-GBP': { name: 'Cup', currency: 'GBP' } } },
];

function shop() {
  const platform = emptyShop();
  platform.admin.recommend.loadFeed(TID, feed);
  platform.admin.recommend.recordInteractions(TID, [...purchases('v1', ['mug'], 't1'), ...views('v2', ['cup'])]);
  return platform;
}

describe('catalog and locales', () => {
  it('locale selects the details returned; product-level fields underneath', () => {
    const [item] = ask(shop(), { locale: 'de-EUR', n: 1 }).items;
    expect(item).toEqual({
      id: 'mug',
      weight: 1,
      strategy: 'popular',
      details: {
        ...mugProductFields,
        name: 'Tasse',
        unit_price: 9.5,
        currency: 'EUR',
        url: '/de/tasse',
      },
    });
  });

  it('without a locale, the most common one in the catalog (en-GBP: 2 products, de-EUR: 1); custom fields pass through', () => {
    const platform = shop();
    expect(platform.inspect.recommend.catalog(TID).defaultLocale).toBe('en-GBP');
    expect(ask(platform, { n: 1 }).items[0].details).toEqual({ ...mugProductFields, ...mugInEnglish });
  });

  it('a product missing the requested locale falls back to the default locale', () => {
    expect(ask(shop(), { locale: 'de-EUR' }).items.map((i) => i.details.name)).toEqual(['Tasse', 'Cup']);
  });

  it('the locale only selects details: recommendations are the same across locales', () => {
    const platform = shop();
    expect(ids(ask(platform, { locale: 'de-EUR' }))).toEqual(ids(ask(platform, { locale: 'en-GBP' })));
  });

  it('a feed row replaces the product; a malformed feed throws naming the row and loads nothing', () => {
    const platform = shop();
    platform.admin.recommend.loadFeed(TID, [{ id: 'cup', locales: { 'en-GBP': { name: 'Big cup' } } }]);
    expect(ask(platform, {}).items.map((i) => i.details.name)).toEqual(['Mug', 'Big cup']);
    const bad = [
      { id: 'new', locales: {} },
      { id: 'x', locales: { english: {} } },
    ] as FeedProduct[];
    expect(() => platform.admin.recommend.loadFeed(TID, bad)).toThrow(
      new InvalidFeedError('products[1].locales', 'has a locale that is not <language>-<CURRENCY>: "english"'),
    );
    expect(platform.inspect.recommend.catalog(TID).products).toBe(2);
    expect(() => platform.admin.recommend.loadFeed(TID, [{ id: '', locales: {} }])).toThrow(
      'products[0].id must be a non-empty string',
    );
    expect(() => platform.admin.recommend.loadFeed(TID, [{ id: 'a', addedAt: 'soon', locales: {} }])).toThrow(
      'products[0].addedAt is not a time: soon',
    );
  });

  it('`__proto__` keys in feed details are dropped', () => {
    const platform = emptyShop();
    platform.admin.recommend.loadFeed(TID, [
      JSON.parse('{"id":"p","locales":{"en-GBP":{"name":"P","__proto__":{"polluted":true}}}}'),
    ]);
    platform.admin.recommend.recordInteractions(TID, views('v', ['p']));
    const details = ask(platform, {}).items[0].details;
    expect(details).toEqual({ id: 'p', name: 'P' });
    expect(Object.hasOwn(details, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('learning from tracking events', () => {
  function area() {
    const clock = createClock(NOW);
    const bus = createBus();
    const properties = createProperties(clock.now);
    const recommend = createRecommendArea({ clock, bus, properties });
    properties.create(TID);
    let seq = 0;
    const send = (visitorId: string, type: string, data: Record<string, unknown>) =>
      bus.emit('event', { trackingId: TID, event: { meta: { id: `e${seq++}`, type, ts: 0, visitorId }, data } });
    const ask2 = (strategies: string[], seed: string[] = ['all'], locale?: string) =>
      recommend.service.recommend({ trackingId: TID, strategies, n: 10, seed, rules: [], debug: false, locale });
    return { recommend, send, ask: ask2, clock };
  }
  const item = (productId: string, extra: Record<string, unknown> = {}) => ({
    productId,
    name: `Name ${productId}`,
    categories: ['Tea'],
    price: { value: 4, currency: 'GBP' },
    url: `/p/${productId}`,
    imageUrl: `/images/${productId}.svg`,
    stock: 2,
    ...extra,
  });

  it('builds the catalog and the indexes from ecView, ecProduct detail, basket adds and transactions', () => {
    const { send, ask, recommend } = area();
    for (const v of ['v1', 'v2']) {
      send(v, 'ecView', { type: 'product', language: 'en', country: 'GB', currency: 'GBP' });
      send(v, 'ecProduct', { eventType: 'detail', product: item('green') });
      send(v, 'ecProduct', { eventType: 'detail', product: item('black') });
    }
    send('v3', 'ecProduct', { eventType: 'listing', product: item('white') }); // catalog only
    send('v3', 'ecBasketItemAction', { action: 'add', product: item('black'), quantity: 1 });
    send('v3', 'ecBasketItemTransaction', { transaction: { id: 'T1' }, product: item('black'), quantity: 2 });
    send('v3', 'ecBasketItemTransaction', { transaction: { id: 'T1' }, product: { productId: 7 }, quantity: 2 }); // malformed: skipped

    expect(recommend.inspect.catalog(TID)).toMatchObject({
      products: 3,
      defaultLocale: 'en-GBP',
      distinctProducts: { view: 2, add: 1, purchase: 1 },
    });
    expect(ask(['popular']).items.map((i) => [i.id, i.weight])).toEqual([
      ['black', 2 + 2 / 3],
      ['green', 2 / 3],
    ]);
    expect(ask(['cf_viewed'], ['green']).items.map((i) => i.id)).toEqual(['black']);
    expect(ask(['popular']).items[0].details).toEqual({
      id: 'black',
      category: 'Tea',
      name: 'Name black',
      url: '/p/black',
      image_url: '/images/black.svg',
      unit_price: 4,
      currency: 'GBP',
      stock: 2,
    });
  });

  it('uses the language of the visitor’s page and the product’s currency for the locale', () => {
    const { send, ask } = area();
    send('v1', 'ecView', { type: 'product', language: 'de', country: 'DE', currency: 'EUR' });
    send('v1', 'ecProduct', {
      eventType: 'detail',
      product: item('tee', { name: 'Tee', price: { value: 5, currency: 'EUR' } }),
    });
    send('v2', 'ecView', { type: 'product', language: 'en', country: 'GB', currency: 'GBP' });
    send('v2', 'ecProduct', { eventType: 'detail', product: item('tee', { name: 'Tea' }) });
    expect(ask(['popular'], ['all'], 'de-EUR').items[0].details).toMatchObject({
      name: 'Tee',
      currency: 'EUR',
      unit_price: 5,
    });
    expect(ask(['popular'], ['all'], 'en-GBP').items[0].details).toMatchObject({
      name: 'Tea',
      currency: 'GBP',
      unit_price: 4,
    });
  });

  it('dates views by the platform clock and adds new products at that time', () => {
    const { send, ask, clock } = area();
    send('v1', 'ecProduct', { eventType: 'detail', product: item('late') });
    expect(ask(['new']).items.map((i) => i.id)).toEqual(['late']);
    expect(ask(['trending_popular_views_1']).items.map((i) => i.id)).toEqual(['late']);
    clock.advance(22 * 86_400_000);
    expect(ask(['new']).items).toEqual([]);
    expect(ask(['trending_popular_views_1']).items).toEqual([]);
  });
});
