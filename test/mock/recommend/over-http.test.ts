// The engine behind the recommend route: what a client sees over HTTP (the MSW handler is the
// recommendations issue's; this checks the engine's side of the contract).
import { describe, expect, it } from 'vitest';
import { useMockPlatform } from '../../support/mock-server';
import { NOW, product, purchases, TID } from './support';

const mock = useMockPlatform({ now: NOW });
const url = (query: string) => `https://recs.svc.example/vc/recommend/2.1/${TID}?${query}`;
const post = async (query: string, body: unknown) => {
  const response = await fetch(url(query), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { http: response.status, body: await response.json() };
};

function load() {
  mock.platform.admin.createProperty(TID);
  mock.platform.admin.recommend.loadFeed(TID, [product('x', { brand: 'Acme' }), product('y')]);
  mock.platform.admin.recommend.recordInteractions(TID, [
    ...purchases('v1', ['x'], 't1', NOW, 2),
    ...purchases('v2', ['y'], 't2'),
  ]);
}

describe('the engine over HTTP', () => {
  it('answers with items naming their strategy, and the rules report with debug', async () => {
    load();
    const rules = [{ name: 'no acme', condition: { '==': [{ var: 'rec.brand' }, 'Acme'] }, factor: 0 }];
    expect(await post('strategy=popular&n=5&debug=True', { h: ['all'], rules })).toEqual({
      http: 200,
      body: {
        status: 200,
        result: {
          items: [
            {
              id: 'y',
              weight: 1,
              strategy: 'popular',
              details: { id: 'y', name: 'Product y', currency: 'GBP', unit_price: 10 },
            },
          ],
          rules: [{ source: 'request', name: 'no acme', condition: rules[0].condition, factor: 0, matched: ['x'] }],
          locale: 'en-GBP',
        },
      },
    });
  });

  it('turns a rule refused at load (pattern over 256 characters) into HTTP 400 naming the rule', async () => {
    load();
    const rules = [{ condition: { match: [{ var: 'rec.name' }, 'a'.repeat(300)] }, factor: 0 }];
    const { http, body } = await post('strategy=popular', { rules });
    expect(http).toBe(400);
    expect(body.status).toBe(400);
    // The handler frames the engine's message (the engine's part is what this checks).
    expect(body.message.endsWith('rules[0].condition has a pattern of 300 characters, over the limit of 256')).toBe(
      true,
    );
  });

  it('learns nothing from an invalid regular expression: it is false, the request succeeds', async () => {
    load();
    const rules = [{ condition: { match_some: [{ var: 'rec.name' }, ['(', '[z-a]']] }, factor: 0 }];
    const { http, body } = await post('strategy=popular', { rules });
    expect(http).toBe(200);
    expect(body.result.items.map((i: { id: string }) => i.id)).toEqual(['x', 'y']);
  });
});

describe('learning from tracking events sent over HTTP', () => {
  it('an ecProduct detail batch posted to the events endpoint shows in the next recommendations', async () => {
    mock.platform.admin.createProperty(TID);
    let seq = 0;
    const event = (visitorId: string, type: string, data: Record<string, unknown>) => ({
      meta: {
        id: `${visitorId}-${seq}`,
        type,
        ts: NOW,
        visitorId,
        pageViewId: `pv-${visitorId}`,
        seq: ++seq,
        url: 'https://shop.example/',
      },
      data,
    });
    const product = (productId: string) => ({
      productId,
      name: `Tea ${productId}`,
      categories: ['Tea'],
      price: { value: 3, currency: 'GBP' },
    });
    const events = ['v1', 'v2'].flatMap((v) => [
      event(v, 'ecView', { type: 'product', language: 'en', country: 'GB', currency: 'GBP' }),
      event(v, 'ecProduct', { eventType: 'detail', product: product('green') }),
      event(v, 'ecProduct', { eventType: 'detail', product: product('black') }),
    ]);
    const sent = await fetch(`https://events.svc.example/events/v1/${TID}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ sentAt: NOW, events }),
    });
    expect(sent.status).toBe(200);
    const { body } = await post('strategy=engagement&n=1', { h: ['green'] });
    expect(body.result.items).toEqual([
      {
        id: 'black',
        weight: 1,
        strategy: 'cf_viewed',
        details: { id: 'black', category: 'Tea', name: 'Tea black', unit_price: 3, currency: 'GBP' },
      },
    ]);
  });
});
