// The mock's side of PROTOCOL.md's locale rule (core's normalizeLocale): the request's locale is
// matched case-insensitively and with a region-tagged language; a locale the catalog lacks falls
// back to its most common one; with debug=True the answer names the locale used.
import { describe, expect, it } from 'vitest';
import { useMockPlatform } from '../../support/mock-server';
import { NOW, product, purchases, TID } from './support';

const mock = useMockPlatform({ now: NOW });
const post = async (query: string) => {
  const response = await fetch(`https://recs.svc.example/vc/recommend/2.1/${TID}?strategy=popular&n=5&${query}`, {
    method: 'POST',
    body: '{"h":["all"]}',
  });
  return { http: response.status, result: (await response.json()).result };
};

function load() {
  mock.platform.admin.createProperty(TID);
  const german = { name: 'Produkt x', currency: 'EUR', unit_price: 12 };
  mock.platform.admin.recommend.loadFeed(TID, [
    product('x', { locales: { 'en-GBP': { name: 'Product x', currency: 'GBP' }, 'de-EUR': german } }),
    product('y'),
  ]);
  mock.platform.admin.recommend.recordInteractions(TID, [
    ...purchases('v1', ['x'], 't1', NOW, 2),
    ...purchases('v2', ['y'], 't2'),
  ]);
}

describe('the request locale', () => {
  it.each<[string, string]>([
    ['de-EUR', 'de-EUR'],
    ['de-eur', 'de-EUR'],
    ['DE-EUR', 'de-EUR'],
    ['de-DE-EUR', 'de-EUR'],
    ['de_DE-EUR', 'de-EUR'],
    ['en-gb-gbp', 'en-GBP'],
    // Unknown to the catalog, or not a locale at all: the catalog's most common one, never an error.
    ['sv-SEK', 'en-GBP'],
    ['de-GBP', 'en-GBP'],
    ['klingon', 'en-GBP'],
  ])('locale=%s: details in %s, named with debug', async (locale, used) => {
    load();
    const { http, result } = await post(`locale=${encodeURIComponent(locale)}&debug=True`);
    expect(http).toBe(200);
    expect(result.locale).toBe(used);
    expect(result.items[0]).toMatchObject({ id: 'x', details: { currency: used.slice(3) } });
  });

  it('absent: the catalog default, named with debug; never named without debug', async () => {
    load();
    expect((await post('debug=True')).result.locale).toBe('en-GBP');
    expect((await post('locale=de-eur')).result).toEqual({ items: expect.any(Array) });
    expect((await post('locale=de-eur')).result.items[0].details.name).toBe('Produkt x');
  });

  it("a product without the locale used gets the default locale's details", async () => {
    load();
    const { result } = await post('locale=de-DE-EUR&debug=True');
    expect(result.items.map((i: { id: string; details: { currency: string } }) => [i.id, i.details.currency])).toEqual([
      ['x', 'EUR'],
      ['y', 'GBP'],
    ]);
  });
});

describe('locales learnt from tracking events: the same rule', () => {
  it.each<[string, string]>([
    ['de-DE', 'EUR'],
    ['de_DE', 'eur'],
    ['DE', 'Eur'],
  ])('an ecView with %s / %s files products under de-EUR', async (language, currency) => {
    mock.platform.admin.createProperty(TID);
    const meta = (type: string, seq: number) => ({
      id: `e${seq}-${language}`,
      type,
      ts: NOW,
      visitorId: 'v1',
      pageViewId: 'pv',
      seq,
      url: '',
    });
    const events = [
      { meta: meta('ecView', 1), data: { type: 'product', language, country: 'DE', currency } },
      {
        meta: meta('ecProduct', 2),
        data: { eventType: 'detail', product: { productId: 'z', name: 'Schuh', price: { value: 20, currency } } },
      },
    ];
    const response = await fetch(`https://events.svc.example/events/v1/${TID}`, {
      method: 'POST',
      body: JSON.stringify({ sentAt: NOW, events }),
    });
    expect(await response.json()).toMatchObject({ status: 200, accepted: 2 });
    const { result } = await post('locale=de-EUR&debug=True');
    expect(result.locale).toBe('de-EUR');
    expect(result.items[0].details).toMatchObject({ id: 'z', name: 'Schuh', currency: 'EUR', unit_price: 20 });
  });
});
