import type { FeedProduct } from '../../src/mock/platform/recommend/types';

/** The tracking id the tests' feed loads into. */
export const TID = 'shop1';

/** A small product feed in two locales. */
export const FEED: FeedProduct[] = ['p1', 'p2', 'p3', 'p4', 'p5'].map((id, i) => ({
  id,
  categories: [i % 2 ? 'shoes' : 'hats'],
  locales: {
    'en-GBP': { name: `Product ${id}`, unit_price: 10 + i, currency: 'GBP', url: `https://shop.example/${id}` },
    'de-EUR': { name: `Produkt ${id}`, unit_price: 12 + i, currency: 'EUR', url: `https://shop.example/de/${id}` },
  },
}));

/** The recommendations URL of PROTOCOL.md for `trackingId`. */
export const recsUrl = (trackingId = TID) => `https://recs.svc.example/vc/recommend/2.1/${trackingId}`;

/** A fixed platform answer (set with the `raw` fault) so client tests do not depend on the engine's ranking. */
export const ANSWER = {
  status: 200,
  result: {
    items: [
      { id: 'p2', weight: 9.5, strategy: 'popular', details: { id: 'p2', name: 'Product p2' } },
      { id: 'p4', weight: 7, strategy: 'cf_viewed', details: { id: 'p4', name: 'Product p4' } },
      { id: 'p1', weight: 3, strategy: 'popular', details: { id: 'p1', name: 'Product p1' } },
    ],
  },
};
export const RAW_ANSWER = { raw: JSON.stringify(ANSWER) };
