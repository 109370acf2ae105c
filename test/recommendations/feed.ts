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
