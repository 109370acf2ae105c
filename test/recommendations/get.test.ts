import { beforeEach, describe, expect, it, vi } from 'vitest';
import defaultExport, { type RecommendationsConfig, recommendations } from '../../src/recommendations';
import { useMockPlatform } from '../support/mock-server';
import { ANSWER, FEED, RAW_ANSWER, recsUrl, TID } from './feed';

// get(): the exact request PROTOCOL.md prescribes for every option and precedence rule, and the
// typed result. Node: no cookies, so the visitor id comes from meta or config here. The platform
// answers a fixed body (the `raw` fault) so nothing here depends on the engine's ranking;
// 'the mock accepts every request the client builds' runs the same requests through the real handler.
const mock = useMockPlatform();
beforeEach(() => {
  mock.platform.admin.recommend.loadFeed(TID, FEED);
  mock.platform.faults.set('recommend', RAW_ANSWER);
});

/** Runs get(config) on a fresh client and returns the one request it sent. */
async function sentBy(config: RecommendationsConfig, meta: Record<string, unknown> = { trackingId: TID }) {
  await recommendations({ meta }).get(config);
  const sent = await mock.sent();
  expect(sent).toHaveLength(1);
  return sent[0];
}

describe('the request', () => {
  it('defaults: strategy popular, n 10, h ["all"], JSON POST, nothing else', async () => {
    const r = await sentBy({});
    expect(r.method).toBe('POST');
    expect(r.url.href).toBe(`${recsUrl()}?strategy=popular&n=10`);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.body).toBe('{"h":["all"]}');
  });

  it('meta.visitorId is sent as contextId, meta.experienceId as experienceId', async () => {
    const r = await sentBy({}, { trackingId: TID, visitorId: 'v-1', experienceId: 42 });
    expect(r.url.href).toBe(`${recsUrl()}?strategy=popular&n=10&contextId=v-1&experienceId=42`);
  });

  it.each<[string, RecommendationsConfig, string, string]>([
    ['strategy', { strategy: 'new' }, 'strategy=new&n=10', '{"h":["all"]}'],
    ['limit', { limit: 50 }, 'strategy=popular&n=50', '{"h":["all"]}'],
    ['limit 1', { limit: 1 }, 'strategy=popular&n=1', '{"h":["all"]}'],
    ['seed (product id)', { strategy: 'engagement', seed: 'p1' }, 'strategy=engagement&n=10', '{"h":["p1"]}'],
    ['seed (array of ids)', { strategy: 'upsell', seed: ['p1', 'p2'] }, 'strategy=upsell&n=10', '{"h":["p1","p2"]}'],
    [
      'seed ({category})',
      { seed: { category: 'shoes' } },
      'strategy=popular&n=10',
      '{"h":[{"type":"c","id":"shoes"}]}',
    ],
    [
      'seed ({type: "c", id})',
      { seed: { type: 'c', id: 'hats' } },
      'strategy=popular&n=10',
      '{"h":[{"type":"c","id":"hats"}]}',
    ],
    [
      'seed (mixed array)',
      { seed: ['all', { category: 'hats' }] },
      'strategy=popular&n=10',
      '{"h":["all",{"type":"c","id":"hats"}]}',
    ],
    [
      'strategy list as a string (seed query = first product id)',
      { strategy: 'pllr, pllr_bought', seed: ['all', 'p2', 'p3'] },
      'strategy=pllr%2Cpllr_bought&n=10&seed=p2',
      '{"h":["all","p2","p3"]}',
    ],
    [
      'strategy list as an array',
      { strategy: ['cf_viewed', 'popular'], seed: 'p4' },
      'strategy=cf_viewed%2Cpopular&n=10&seed=p4',
      '{"h":["p4"]}',
    ],
    [
      'strategy list without a product seed',
      { strategy: 'new,popular' },
      'strategy=new%2Cpopular&n=10',
      '{"h":["all"]}',
    ],
    [
      'rules',
      {
        rules: [
          { name: 'no hats', condition: { in: ['hats', { var: 'rec.categories' }] }, factor: 0 },
          { condition: { '==': [1, 1] }, factor: 2.5 },
        ],
      },
      'strategy=popular&n=10',
      '{"h":["all"],"rules":[{"name":"no hats","condition":{"in":["hats",{"var":"rec.categories"}]},"factor":0},{"condition":{"==":[1,1]},"factor":2.5}]}',
    ],
    ['empty rules are left out', { rules: [] }, 'strategy=popular&n=10', '{"h":["all"]}'],
    ['locale', { locale: 'de-EUR' }, 'strategy=popular&n=10&locale=de-EUR', '{"h":["all"]}'],
    ['visitorId', { visitorId: 'visitor-9' }, 'strategy=popular&n=10&contextId=visitor-9', '{"h":["all"]}'],
    ['debug', { debug: true }, 'strategy=popular&n=10&debug=True', '{"h":["all"]}'],
    ['debug false', { debug: false }, 'strategy=popular&n=10', '{"h":["all"]}'],
    ['timeout does not change the request', { timeout: 5000 }, 'strategy=popular&n=10', '{"h":["all"]}'],
    [
      'partner strategy with visitor and seed',
      { strategy: 'partner_product_similar', visitorId: 'v-2', seed: 'p1' },
      'strategy=partner_product_similar&n=10&contextId=v-2',
      '{"h":["p1"]}',
    ],
    [
      'partner personal strategy needs no seed',
      { strategy: 'partner_personal_conversion', visitorId: 'v-3' },
      'strategy=partner_personal_conversion&n=10&contextId=v-3',
      '{"h":["all"]}',
    ],
    [
      'everything at once, in PROTOCOL.md order',
      {
        strategy: 'engagement,popular',
        limit: 4,
        seed: 'p3',
        locale: 'en-GBP',
        visitorId: 'v-4',
        debug: true,
        rules: [{ condition: { '!': [false] }, factor: 1 }],
      },
      'strategy=engagement%2Cpopular&n=4&locale=en-GBP&contextId=v-4&experienceId=7&seed=p3&debug=True',
      '{"h":["p3"],"rules":[{"condition":{"!":[false]},"factor":1}]}',
    ],
  ])('%s', async (name, config, query, body) => {
    const client = recommendations({
      meta: { trackingId: TID, experienceId: name.startsWith('everything') ? '7' : undefined },
    });
    await client.get(config);
    const sent = await mock.sent();
    expect(sent).toHaveLength(1);
    expect(sent[0].url.href).toBe(`${recsUrl()}?${query}`);
    expect(sent[0].body).toBe(body);
    // The real handler accepts it: an envelope with items or none, never a 400.
    mock.platform.faults.clear();
    const outcome = await client.get(config).then(
      (items) => items.length,
      (error) => error.code,
    );
    expect(outcome === 'NO_RECOMMENDATIONS' || outcome > 0).toBe(true);
  });

  it('trackingId in config asks another property (percent-encoded path segment)', async () => {
    mock.platform.admin.recommend.loadFeed('other.shop~2', FEED);
    const r = await sentBy({ trackingId: 'other.shop~2' });
    expect(r.url.href).toBe(`https://recs.svc.example/vc/recommend/2.1/other.shop~2?strategy=popular&n=10`);
  });
});

describe('precedence: get(config) over the initial config over the defaults', () => {
  it('merges per key', async () => {
    const client = recommendations(
      { meta: { trackingId: TID, visitorId: 'meta-v' } },
      { strategy: 'new', limit: 5, locale: 'en-GBP' },
    );
    await client.get({ limit: 3 });
    await client.get();
    await client.get({ strategy: 'popular', visitorId: 'get-v', locale: 'de-EUR' });
    const urls = (await mock.sent()).map((r) => r.url.search);
    expect(urls).toEqual([
      '?strategy=new&n=3&locale=en-GBP&contextId=meta-v',
      '?strategy=new&n=5&locale=en-GBP&contextId=meta-v',
      '?strategy=popular&n=5&locale=de-EUR&contextId=get-v',
    ]);
  });

  it('keys given as undefined do not override; a "__proto__" key is an unknown key, refused', async () => {
    const client = recommendations({ meta: { trackingId: TID } }, { strategy: 'new', limit: 4, seed: 'p1' });
    await client.get({ strategy: undefined, limit: undefined, seed: undefined, locale: undefined });
    await expect(client.get(JSON.parse('{"__proto__": {"limit": 7}, "debug": true}'))).rejects.toMatchObject({
      argument: 'config.__proto__',
    });
    const sent = await mock.sent();
    expect(sent.map((r) => r.url.search)).toEqual(['?strategy=new&n=4']);
    expect(sent[0].body).toBe('{"h":["p1"]}');
  });

  it('config.trackingId and config.visitorId beat meta', async () => {
    mock.platform.admin.recommend.loadFeed('shop2', FEED);
    const client = recommendations(
      { meta: { trackingId: TID, visitorId: 'meta-v' } },
      { trackingId: 'shop2', visitorId: 'config-v' },
    );
    await client.get();
    const [r] = await mock.sent();
    expect(r.url.href).toBe('https://recs.svc.example/vc/recommend/2.1/shop2?strategy=popular&n=10&contextId=config-v');
  });

  it('instances never share state', async () => {
    const a = recommendations({ meta: { trackingId: TID } }, { strategy: 'new', limit: 2 });
    const b = recommendations({ meta: { trackingId: TID } });
    await a.get({ limit: 4 });
    await b.get();
    await a.get();
    expect((await mock.sent()).map((r) => r.url.search)).toEqual([
      '?strategy=new&n=4',
      '?strategy=popular&n=10',
      '?strategy=new&n=2',
    ]);
  });

  it('get() does not keep its config for the next call', async () => {
    const client = recommendations({ meta: { trackingId: TID } });
    await client.get({ debug: true, rules: [{ condition: { '==': [1, 1] }, factor: 2 }] });
    await client.get();
    const sent = await mock.sent();
    expect(sent[1].url.search).toBe('?strategy=popular&n=10');
    expect(sent[1].body).toBe('{"h":["all"]}');
  });
});

describe('the result', () => {
  it('resolves to {id, weight, strategy, details} items in response order', async () => {
    const items = await recommendations({ meta: { trackingId: TID } }).get({ limit: 3 });
    expect([...items]).toEqual(ANSWER.result.items);
    expect(Object.keys(items[0])).toEqual(['id', 'weight', 'strategy', 'details']);
    expect(items.rules).toBeUndefined();
  });

  it('through the real handler: items of the requested locale, each with id, weight, strategy, details', async () => {
    mock.platform.faults.clear();
    const items = await recommendations({ meta: { trackingId: TID } }).get({
      strategy: 'new',
      limit: 3,
      locale: 'de-EUR',
    });
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(3);
    for (const item of items) {
      expect(FEED.map((p) => p.id)).toContain(item.id);
      expect(typeof item.weight).toBe('number');
      expect(typeof item.strategy).toBe('string');
      expect(item.details).toEqual(expect.objectContaining({ currency: 'EUR' }));
    }
  });

  it('keeps the item strategy (a chain component); falls back to the principal when absent', async () => {
    const body = {
      status: 200,
      result: {
        items: [
          { id: 'a', weight: 3, strategy: 'cf_viewed', details: { name: 'A' } },
          { id: 'b', weight: 2, details: { name: 'B' } },
          { id: 'c', weight: 1 },
        ],
      },
    };
    mock.platform.faults.set('recommend', { raw: JSON.stringify(body) });
    const items = await recommendations({ meta: { trackingId: TID } }).get({ strategy: 'engagement', seed: 'p1' });
    expect([...items]).toEqual([
      { id: 'a', weight: 3, strategy: 'cf_viewed', details: { name: 'A' } },
      { id: 'b', weight: 2, strategy: 'engagement', details: { name: 'B' } },
      { id: 'c', weight: 1, strategy: 'engagement', details: {} },
    ]);
  });

  it('debug: the list carries result.rules', async () => {
    const rules = [{ source: 'request', name: 'r', condition: { '==': [1, 1] }, factor: 2, matched: ['a'] }];
    mock.platform.faults.set('recommend', {
      raw: JSON.stringify({
        status: 200,
        result: { items: [{ id: 'a', weight: 1, strategy: 'popular', details: {} }], rules },
      }),
    });
    const items = await recommendations({ meta: { trackingId: TID } }).get({ debug: true });
    expect(items.rules).toEqual(rules);
    mock.platform.faults.clear();
    mock.platform.admin.recommend.setGlobalRules(TID, [{ name: 'boost', condition: { '==': [1, 1] }, factor: 2 }]);
    const real = await recommendations({ meta: { trackingId: TID } }).get({ strategy: 'new', debug: true });
    expect(Array.isArray(real.rules)).toBe(true);
  });

  it('details keep a "__proto__" key as data, never as a prototype', async () => {
    const raw =
      '{"status":200,"result":{"items":[{"id":"a","weight":1,"strategy":"popular","details":{"__proto__":{"polluted":true},"name":"A"}}]}}';
    mock.platform.faults.set('recommend', { raw });
    const [item] = await recommendations({ meta: { trackingId: TID } }).get();
    expect(Object.getPrototypeOf(item.details)).toBe(Object.prototype);
    expect((item.details as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('is the default export too', () => {
    expect(defaultExport).toBe(recommendations);
  });

  it('more than 3 fallbacks warns but still asks; 3 do not warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = recommendations({ meta: { trackingId: TID } });
    await client.get({ strategy: 'popular,new,trending,engagement' }).catch(() => {});
    expect(warn).not.toHaveBeenCalled();
    await client.get({ strategy: 'popular,new,trending,engagement,upsell' }).catch(() => {});
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('4 fallbacks');
    expect((await mock.sent()).map((r) => r.url.searchParams.get('strategy'))).toEqual([
      'popular,new,trending,engagement',
      'popular,new,trending,engagement,upsell',
    ]);
  });
});
