import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultEndpoints } from '../../src/core/endpoints';
import { createHandlers } from '../../src/mock';
import {
  InvalidArgumentError,
  type RecommendationsConfig,
  recommendations,
  setEndpoints,
} from '../../src/recommendations';
import { failure } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';
import { RAW_ANSWER, recsUrl, TID } from './feed';

// Acceptance audit of issue 3 (Node): what the other files left implicit. Each config key through
// all three levels of precedence, the visitor and tracking id chains (get > config > meta), custom
// endpoints, the partner_ rules, and the direct POST path's once-per-item, weight coercion and
// refusals, each with the exact requests sent (or none).
const mock = useMockPlatform();
beforeEach(() => mock.platform.faults.set('recommend', RAW_ANSWER));
afterEach(() => {
  setEndpoints({ ...defaultEndpoints });
  vi.restoreAllMocks();
});

const BODY = '{"h":["all"]}';

describe('every config key: get(config) > initial config > default', () => {
  // key, initial value, get value, then for [default, initial, get]: the query (after the path) and the body.
  const rule = (factor: number) => ({ condition: { '==': [1, 1] }, factor });
  it.each<[keyof RecommendationsConfig, unknown, unknown, [string, string][]]>([
    [
      'strategy',
      'new',
      'upsell',
      [
        ['strategy=popular&n=10', BODY],
        ['strategy=new&n=10', BODY],
        ['strategy=upsell&n=10', BODY],
      ],
    ],
    [
      'limit',
      4,
      50,
      [
        ['strategy=popular&n=10', BODY],
        ['strategy=popular&n=4', BODY],
        ['strategy=popular&n=50', BODY],
      ],
    ],
    [
      'seed',
      'p1',
      ['p2', 'p3'],
      [
        ['strategy=popular&n=10', BODY],
        ['strategy=popular&n=10', '{"h":["p1"]}'],
        ['strategy=popular&n=10', '{"h":["p2","p3"]}'],
      ],
    ],
    [
      'rules',
      [rule(2)],
      [rule(0)],
      [
        ['strategy=popular&n=10', BODY],
        ['strategy=popular&n=10', '{"h":["all"],"rules":[{"condition":{"==":[1,1]},"factor":2}]}'],
        ['strategy=popular&n=10', '{"h":["all"],"rules":[{"condition":{"==":[1,1]},"factor":0}]}'],
      ],
    ],
    [
      'locale',
      'en-GBP',
      'de-EUR',
      [
        ['strategy=popular&n=10', BODY],
        ['strategy=popular&n=10&locale=en-GBP', BODY],
        ['strategy=popular&n=10&locale=de-EUR', BODY],
      ],
    ],
    [
      'visitorId',
      'config-v',
      'get-v',
      [
        ['strategy=popular&n=10&contextId=meta-v', BODY],
        ['strategy=popular&n=10&contextId=config-v', BODY],
        ['strategy=popular&n=10&contextId=get-v', BODY],
      ],
    ],
    [
      'debug',
      true,
      false,
      [
        ['strategy=popular&n=10', BODY],
        ['strategy=popular&n=10&debug=True', BODY],
        ['strategy=popular&n=10', BODY],
      ],
    ],
  ])('%s', async (key, initial, override, expected) => {
    const meta = { trackingId: TID, visitorId: key === 'visitorId' ? 'meta-v' : undefined };
    await recommendations({ meta }).get();
    const client = recommendations({ meta }, { [key]: initial });
    await client.get();
    await client.get({ [key]: override });
    const sent = await mock.sent();
    expect(sent.map((r) => [r.url.href, r.body])).toEqual(
      expected.map(([query, body]) => [`${recsUrl()}?${query}`, body]),
    );
  });

  it('trackingId: get(config) > initial config > meta (the path segment)', async () => {
    const client = recommendations({ meta: { trackingId: TID } }, { trackingId: 'shop2' });
    await recommendations({ meta: { trackingId: TID } }).get();
    await client.get();
    await client.get({ trackingId: 'shop3' });
    expect((await mock.sent()).map((r) => r.url.href)).toEqual([
      `${recsUrl()}?strategy=popular&n=10`,
      `${recsUrl('shop2')}?strategy=popular&n=10`,
      `${recsUrl('shop3')}?strategy=popular&n=10`,
    ]);
  });

  it('timeout: a get(config) 0 lifts the initial timeout (the request waits past it)', async () => {
    mock.platform.faults.set('recommend', { latencyMs: 1_000, ...RAW_ANSWER });
    const client = recommendations({ meta: { trackingId: TID } }, { timeout: 5 });
    expect((await failure(client.get())).code).toBe('TIMEOUT');
    mock.platform.faults.set('recommend', { latencyMs: 40, ...RAW_ANSWER });
    expect((await client.get({ timeout: 0 })).map((item) => item.id)).toEqual(['p2', 'p4', 'p1']);
  });
});

describe('endpoint', () => {
  const API = 'https://api.shop.example/recs';
  beforeEach(() => mock.server.use(...createHandlers(mock.platform, { endpoints: { recs: API } })));

  it('config.endpoint, with or without a trailing slash, is the URL the tracking id is appended to', async () => {
    const client = recommendations({ meta: { trackingId: TID } }, { endpoint: `${API}/vc/recommend/2.1` });
    await client.get();
    await client.get({ endpoint: `${API}/vc/recommend/2.1/` });
    expect((await mock.sent()).map((r) => r.url.href)).toEqual([
      `${API}/vc/recommend/2.1/${TID}?strategy=popular&n=10`,
      `${API}/vc/recommend/2.1/${TID}?strategy=popular&n=10`,
    ]);
  });

  it('without config.endpoint: setEndpoints({recs}) + /vc/recommend/2.1/', async () => {
    setEndpoints({ recs: `${API}/` });
    await recommendations({ meta: { trackingId: TID } }).get();
    expect((await mock.sent()).map((r) => r.url.href)).toEqual([
      `${API}/vc/recommend/2.1/${TID}?strategy=popular&n=10`,
    ]);
  });
});

describe('partner_ strategies', () => {
  it('any partner_ name (in the catalog or not) is refused without a visitor id; nothing sent', async () => {
    for (const strategy of ['partner_product_other', 'new,partner_personal_conversion']) {
      const error = await failure(
        recommendations({ meta: { trackingId: TID } }).get({ strategy, seed: 'p1' }),
        InvalidArgumentError,
      );
      expect([error.argument, error.value]).toEqual(['visitorId', undefined]);
      expect(error.message).toContain('partner_');
    }
    expect(await mock.sent()).toEqual([]);
  });

  it('the visitor id may come from meta; a product seed satisfies partner+seed', async () => {
    const client = recommendations({ meta: { trackingId: TID, visitorId: 'meta-v' } });
    await client.get({ strategy: 'partner_product_conversion', seed: 'p2' });
    await client.get({ strategy: 'partner_basket_revenue', seed: ['all', 'p3'] });
    expect((await mock.sent()).map((r) => [r.url.search, r.body])).toEqual([
      ['?strategy=partner_product_conversion&n=10&contextId=meta-v', '{"h":["p2"]}'],
      ['?strategy=partner_basket_revenue&n=10&contextId=meta-v', '{"h":["all","p3"]}'],
    ]);
  });

  it('a category seed is not a product seed: refused, nothing sent', async () => {
    const error = await failure(
      recommendations({ meta: { trackingId: TID, visitorId: 'v' } }).get({
        strategy: 'partner_product_similar',
        seed: { category: 'shoes' },
      }),
      InvalidArgumentError,
    );
    expect(error.argument).toBe('seed');
    expect(await mock.sent()).toEqual([]);
  });
});

describe('strategy lists', () => {
  it('more than 3 fallbacks as an array warns once and sends the list as given, seed = first product id', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await recommendations({ meta: { trackingId: TID } }).get({
      strategy: ['cf_viewed', 'pllr', 'new', 'trending', 'popular'],
      seed: ['all', 'p5', 'p1'],
    });
    expect(warn.mock.calls).toEqual([['svc: 4 fallbacks, 2-3 advised']]);
    const [r] = await mock.sent();
    expect([r.url.search, r.body]).toEqual([
      '?strategy=cf_viewed%2Cpllr%2Cnew%2Ctrending%2Cpopular&n=10&seed=p5',
      '{"h":["all","p5","p1"]}',
    ]);
  });

  it('a deprecated name inside a comma-separated list is refused naming popular; nothing sent', async () => {
    const error = await failure(
      recommendations({ meta: { trackingId: TID } }).get({ strategy: 'new, pp3' }),
      InvalidArgumentError,
    );
    expect([error.argument, error.value]).toEqual(['strategy', 'pp3']);
    expect(error.message).toContain('popular');
    expect(await mock.sent()).toEqual([]);
  });
});

describe('path 3, the direct POST: once per item, weight coerced, refusals send nothing', () => {
  const events = async () =>
    (await mock.sent())
      .filter((r) => r.url.host === 'events.svc.example')
      .map((r) =>
        (r.json as { events: { meta: { type: string }; data: unknown }[] }).events.map((e) => [e.meta.type, e.data]),
      );

  it('shown for the same item of a result: one POST however often (and concurrently) it is called', async () => {
    const client = recommendations({ meta: { trackingId: TID, visitorId: 'v-1' } });
    const items = await client.get();
    await Promise.all([client.shown(items[0]), client.shown(items[0])]);
    await client.shown(items[0]);
    await client.shown(items[2]);
    await client.shown(items[2]);
    expect(await events()).toEqual([
      [['recommendationShown', { id: 'p2', weight: 9.5, strategy: 'popular' }]],
      [['recommendationShown', { id: 'p1', weight: 3, strategy: 'popular' }]],
    ]);
  });

  it('weight "1,234.50" goes out as the number 1234.5, with the given or inferred position', async () => {
    const client = recommendations({ meta: { trackingId: TID, visitorId: 'v-1' } });
    await client.shown({ id: 'x1', weight: '1,234.50', strategy: 'new' });
    await client.clicked({ id: 'x1', weight: '1,234.50', strategy: 'new' }, 4);
    expect(await events()).toEqual([
      [['recommendationShown', { id: 'x1', weight: 1234.5, strategy: 'new' }]],
      [['recommendationClicked', { id: 'x1', weight: 1234.5, strategy: 'new', position: 4 }]],
    ]);
    expect(mock.platform.inspect.events.received(TID).map((e) => e.data.weight)).toEqual([1234.5, 1234.5]);
  });

  it('the POST is a keepalive request (it survives the navigation a click starts)', async () => {
    // Read where the client calls fetch: msw 3 intercepts below fetch, where keepalive is not seen.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await recommendations({ meta: { trackingId: TID, visitorId: 'v-1' } }).clicked(
      { id: 'a', weight: 1, strategy: 'popular' },
      1,
    );
    // core's transport gives fetch the URL, with the method and body beside it in init.
    const calls = fetchSpy.mock.calls.map(([input, init]) => [
      input instanceof Request ? input.method : init?.method,
      input instanceof Request ? input.url : String(input),
      init?.keepalive,
    ]);
    expect(calls).toEqual([['POST', `https://events.svc.example/events/v1/${TID}`, true]]);
  });

  it.each<[string, () => Promise<unknown>, string]>([
    [
      'a weight that is not numeric',
      () =>
        recommendations({ meta: { trackingId: TID, visitorId: 'v' } }).shown({
          id: 'a',
          weight: '12px',
          strategy: 'popular',
        }),
      'item.weight',
    ],
    [
      'a clicked weight "1.234,50"',
      () =>
        recommendations({ meta: { trackingId: TID, visitorId: 'v' } }).clicked(
          { id: 'a', weight: '1.234,50', strategy: 'popular' },
          1,
        ),
      'item.weight',
    ],
    [
      'a non-string item id',
      () =>
        recommendations({ meta: { trackingId: TID, visitorId: 'v' } }).shown({
          id: 7 as unknown as string,
          weight: 1,
          strategy: 'popular',
        }),
      'item.id',
    ],
    [
      'clicked without a position for an item not from get()',
      () =>
        recommendations({ meta: { trackingId: TID, visitorId: 'v' } }).clicked({
          id: 'a',
          weight: 1,
          strategy: 'popular',
        }),
      'position',
    ],
    [
      'a position of 0',
      () =>
        recommendations({ meta: { trackingId: TID, visitorId: 'v' } }).clicked(
          { id: 'a', weight: 1, strategy: 'popular' },
          0,
        ),
      'position',
    ],
  ])('refuses %s: INVALID_ARGUMENT, no request', async (_name, call, argument) => {
    const error = await failure(call(), InvalidArgumentError);
    expect(error.argument).toBe(argument);
    expect(await mock.sent()).toEqual([]);
  });
});

describe('options that would otherwise change the request silently are refused; nothing sent', () => {
  it.each<[string, RecommendationsConfig, unknown]>([
    ['debug as the string "false" (would send debug=True)', { debug: 'false' as unknown as boolean }, 'false'],
    ['debug as 1', { debug: 1 as unknown as boolean }, 1],
  ])('%s', async (_name, config, value) => {
    const error = await failure(recommendations({ meta: { trackingId: TID } }).get(config), InvalidArgumentError);
    expect([error.argument, error.value]).toEqual(['debug', value]);
    expect(await mock.sent()).toEqual([]);
  });

  it('an empty meta.experienceId (would send "experienceId=")', async () => {
    const error = await failure(
      recommendations({ meta: { trackingId: TID, experienceId: '' } }).get(),
      InvalidArgumentError,
    );
    expect([error.argument, error.value]).toEqual(['options.meta.experienceId', '']);
    expect(await mock.sent()).toEqual([]);
  });
});
