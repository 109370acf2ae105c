import { beforeEach, describe, expect, it } from 'vitest';
import {
  InvalidArgumentError,
  type RecommendationsConfig,
  type RecommendationsOptions,
  recommendations,
} from '../../src/recommendations';
import { failure, thrown } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';
import { FEED, RAW_ANSWER, TID } from './feed';

// Every refusal of the issue: INVALID_ARGUMENT naming the argument and the value, and no request sent.
const mock = useMockPlatform();
beforeEach(() => {
  mock.platform.admin.recommend.loadFeed(TID, FEED);
  mock.platform.faults.set('recommend', RAW_ANSWER);
});

const refusal = (promise: Promise<unknown>) => failure(promise, InvalidArgumentError);

describe('recommendations(options, config) refuses at once', () => {
  it.each<[string, () => unknown, string]>([
    ['no options', () => (recommendations as (o?: unknown) => unknown)(), 'options'],
    ['options without meta', () => recommendations({} as RecommendationsOptions), 'options'],
    ['no trackingId', () => recommendations({ meta: {} }), 'trackingId'],
    ['non-string trackingId', () => recommendations({ meta: { trackingId: 42 as unknown as string } }), 'trackingId'],
    ['trackingId that would change the path', () => recommendations({ meta: { trackingId: 'a/../b' } }), 'trackingId'],
    [
      'config not an object',
      () => recommendations({ meta: { trackingId: TID } }, 'popular' as unknown as RecommendationsConfig),
      'config',
    ],
    [
      'emitMetric not a function',
      () => recommendations({ meta: { trackingId: TID }, emitMetric: 'x' as unknown as () => void }),
      'options.emitMetric',
    ],
    [
      'tracker not a tracker',
      () => recommendations({ meta: { trackingId: TID }, tracker: {} as RecommendationsOptions['tracker'] }),
      'options.tracker',
    ],
    [
      'tracker without on()',
      () =>
        recommendations({
          meta: { trackingId: TID },
          tracker: { emit() {} } as unknown as RecommendationsOptions['tracker'],
        }),
      'options.tracker',
    ],
  ])('%s', async (_name, call, argument) => {
    const error = thrown(call, InvalidArgumentError);
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.argument).toBe(argument);
    expect(await mock.sent()).toEqual([]);
  });

  it('a config trackingId stands in for a missing meta.trackingId', async () => {
    await recommendations({ meta: {} }, { trackingId: TID }).get();
    expect((await mock.sent())[0].url.pathname).toBe(`/vc/recommend/2.1/${TID}`);
  });
});

describe('get(config) refuses before any request', () => {
  it.each<[string, RecommendationsConfig, string, unknown, string?]>([
    ['limit 0', { limit: 0 }, 'limit', 0],
    ['limit 51', { limit: 51 }, 'limit', 51],
    ['limit not an integer', { limit: 2.5 }, 'limit', 2.5],
    ['limit as a string', { limit: '10' as unknown as number }, 'limit', '10'],
    ['limit NaN', { limit: NaN }, 'limit', NaN],
    [
      'category seed with strategy trending',
      { strategy: 'trending', seed: { category: 'shoes' } },
      'seed',
      { category: 'shoes' },
      'popular',
    ],
    [
      'category seed with a fallback other than popular',
      { strategy: 'popular,new', seed: [{ type: 'c', id: 'hats' }] },
      'seed',
      [{ type: 'c', id: 'hats' }],
    ],
    ['deprecated pp1', { strategy: 'pp1' }, 'strategy', 'pp1', 'use popular'],
    ['deprecated pp3', { strategy: 'pp3' }, 'strategy', 'pp3', 'use popular'],
    ['deprecated pop', { strategy: 'pop' }, 'strategy', 'pop', 'use popular'],
    ['deprecated as a fallback', { strategy: ['new', 'pop'] }, 'strategy', 'pop', 'use popular'],
    [
      'partner strategy without a visitor id',
      { strategy: 'partner_personal_clickthrough' },
      'visitorId',
      undefined,
      'partner_personal_clickthrough',
    ],
    [
      'partner fallback without a visitor id',
      { strategy: 'popular,partner_product_conversion', seed: 'p1' },
      'visitorId',
      undefined,
    ],
    [
      'partner strategy that needs a seed, seed "all"',
      { strategy: 'partner_product_similar', visitorId: 'v' },
      'seed',
      'all',
      'partner_product_similar',
    ],
    [
      'partner_basket_revenue without a product seed',
      { strategy: 'partner_basket_revenue', visitorId: 'v', seed: ['all'] },
      'seed',
      ['all'],
    ],
    ['non-string seed id', { seed: [42 as unknown as string] }, 'seed[0]', 42],
    ['null seed id', { seed: ['p1', null as unknown as string] }, 'seed[1]', null],
    ['empty seed id', { seed: '' }, 'seed[0]', ''],
    ['category seed without a name', { seed: { category: 7 as unknown as string } }, 'seed[0]', { category: 7 }],
    [
      'category seed of another type',
      { seed: { type: 'C', id: 'x' } as unknown as string },
      'seed[0]',
      { type: 'C', id: 'x' },
    ],
    ['empty seed list', { seed: [] }, 'seed', []],
    ['non-string visitor id', { visitorId: 7 as unknown as string }, 'visitorId', 7],
    ['non-string trackingId in get', { trackingId: 42 as unknown as string }, 'trackingId', 42],
    ['rules not an array', { rules: { factor: 0 } as unknown as [] }, 'rules', { factor: 0 }],
    [
      'rule without a condition',
      { rules: [{ factor: 0 } as unknown as { condition: Record<string, unknown>; factor: number }] },
      'rules[0].condition',
      undefined,
    ],
    [
      'rule condition not an object',
      { rules: [{ condition: [1] as unknown as Record<string, unknown>, factor: 1 }] },
      'rules[0].condition',
      [1],
    ],
    ['rule condition without an operator', { rules: [{ condition: {}, factor: 1 }] }, 'rules[0].condition', {}],
    [
      'rule condition with two operators',
      { rules: [{ condition: { '==': [1, 1], '<': [1, 2] }, factor: 1 }] },
      'rules[0].condition',
      { '==': [1, 1], '<': [1, 2] },
    ],
    [
      'rule factor below 0',
      {
        rules: [
          { condition: { '==': [1, 1] }, factor: 1 },
          { condition: { '==': [1, 1] }, factor: -1 },
        ],
      },
      'rules[1].factor',
      -1,
    ],
    [
      'rule factor not a number',
      { rules: [{ condition: { '==': [1, 1] }, factor: '2' as unknown as number }] },
      'rules[0].factor',
      '2',
    ],
    ['rule factor NaN', { rules: [{ condition: { '==': [1, 1] }, factor: NaN }] }, 'rules[0].factor', NaN],
    [
      'rule name not a string',
      { rules: [{ name: 3 as unknown as string, condition: { '==': [1, 1] }, factor: 1 }] },
      'rules[0].name',
      3,
    ],
    ['empty strategy', { strategy: '' }, 'strategy[0]', ''],
    ['empty fallback', { strategy: 'popular,,new' }, 'strategy[1]', ''],
    ['strategy with a space', { strategy: ['new arrivals'] }, 'strategy[0]', 'new arrivals'],
    ['strategy not a string', { strategy: 5 as unknown as string }, 'strategy', 5],
    ['empty strategy list', { strategy: [] }, 'strategy', []],
    ['negative timeout', { timeout: -1 }, 'timeout', -1],
    ['timeout as a string', { timeout: '5' as unknown as number }, 'timeout', '5'],
    ['infinite timeout', { timeout: Infinity }, 'timeout', Infinity],
    [
      'rule factor Infinity',
      { rules: [{ condition: { '==': [1, 1] }, factor: Infinity }] },
      'rules[0].factor',
      Infinity,
    ],
    ['empty locale', { locale: '' }, 'locale', ''],
    ['endpoint not a string', { endpoint: 1 as unknown as string }, 'endpoint', 1],
  ])('%s', async (_name, config, argument, value, inMessage) => {
    const error = await refusal(recommendations({ meta: { trackingId: TID } }).get(config));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.argument).toBe(argument);
    expect(error.value).toEqual(value);
    expect(error.message.startsWith(`${argument} `)).toBe(true);
    if (inMessage) expect(error.message).toContain(inMessage);
    expect(await mock.sent()).toEqual([]);
  });

  it('meta.experienceId must be a string or an integer', async () => {
    const error = await refusal(recommendations({ meta: { trackingId: TID, experienceId: 1.5 } }).get());
    expect(error.argument).toBe('options.meta.experienceId');
    expect(await mock.sent()).toEqual([]);
  });

  it('a refused get() leaves the client usable', async () => {
    const client = recommendations({ meta: { trackingId: TID } });
    await refusal(client.get({ limit: 0 }));
    await client.get();
    expect(await mock.sent()).toHaveLength(1);
  });
});
