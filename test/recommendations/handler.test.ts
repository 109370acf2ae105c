import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../src/mock';
import type { RecommendRequest } from '../../src/mock/platform/recommend/types';
import { useMockPlatform } from '../support/mock-server';
import { FEED, recsUrl, TID } from './feed';

// @svc/mock's recommendations handler, spoken to with a bare fetch: every 400 and 404 of
// PROTOCOL.md, the envelope, and the RecommendRequest it hands the engine (the engine's ranking
// is not under test here).
const mock = useMockPlatform();
let seen: RecommendRequest[];
beforeEach(() => {
  mock.platform.admin.recommend.loadFeed(TID, FEED);
  seen = [];
  const service = mock.platform.services.recommend;
  const recommend = service.recommend.bind(service);
  vi.spyOn(service, 'recommend').mockImplementation((request) => {
    seen.push(structuredClone(request));
    return recommend(request);
  });
});

async function post(query: string, body?: string, trackingId = TID) {
  const response = await fetch(`${recsUrl(trackingId)}${query}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
  });
  return { http: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('parses the request into the engine RecommendRequest', () => {
  it('defaults: popular, n 10, seed ["all"], no rules, no debug', async () => {
    const r = await post('');
    expect(r.http).toBe(200);
    expect(seen).toEqual([{ trackingId: TID, strategies: ['popular'], n: 10, seed: ['all'], rules: [], debug: false }]);
  });

  it('every parameter and the body', async () => {
    const rules = [{ name: 'no hats', condition: { in: ['hats', { var: 'rec.categories' }] }, factor: 0 }];
    const r = await post(
      '?strategy=engagement%2Cpllr&n=50&locale=de-EUR&contextId=v-1&experienceId=9&seed=p1&debug=True',
      JSON.stringify({ h: ['p1', 'p2'], rules }),
    );
    expect(r.http).toBe(200);
    expect(seen).toEqual([
      {
        trackingId: TID,
        strategies: ['engagement', 'pllr'],
        n: 50,
        locale: 'de-EUR',
        contextId: 'v-1',
        experienceId: '9',
        seed: ['p1', 'p2'],
        rules,
        debug: true,
      },
    ]);
  });

  it('a category seed with popular', async () => {
    expect((await post('?strategy=popular&n=3', '{"h":[{"type":"c","id":"shoes"}]}')).http).toBe(200);
    expect(seen[0].seed).toEqual([{ type: 'c', id: 'shoes' }]);
  });

  it('the seed query parameter stands for h when the body has none', async () => {
    expect((await post('?strategy=pllr%2Cpllr_bought&seed=p3')).http).toBe(200);
    expect(seen[0].seed).toEqual(['p3']);
  });

  it('no strategy without contextId: popular', async () => {
    expect((await post('?n=2')).http).toBe(200);
    expect(seen[0].strategies).toEqual(['popular']);
  });

  it('no strategy, contextId and a seed (not partner-style): popular', async () => {
    expect((await post('?contextId=v-1', '{"h":["p1"]}')).http).toBe(200);
    expect(seen[0].strategies).toEqual(['popular']);
  });
});

describe('the envelope', () => {
  it('200 {status: 200, result: {items}}: each item id, weight, strategy, details; no rules without debug', async () => {
    const r = await post('?strategy=new&n=3&locale=en-GBP');
    expect(r.http).toBe(200);
    expect(Object.keys(r.body)).toEqual(['status', 'result']);
    expect(r.body.status).toBe(200);
    const result = r.body.result as { items: Record<string, unknown>[]; rules?: unknown };
    expect(Object.keys(result)).toEqual(['items']);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.length).toBeLessThanOrEqual(3);
    for (const item of result.items) {
      expect(typeof item.id).toBe('string');
      expect(typeof item.weight).toBe('number');
      expect(typeof item.strategy).toBe('string');
      expect(item.details).toEqual(expect.objectContaining({ currency: 'GBP' }));
    }
  });

  it('debug=True: result.rules, every rule considered', async () => {
    mock.platform.admin.recommend.setGlobalRules(TID, [{ name: 'boost', condition: { '==': [1, 1] }, factor: 2 }]);
    const r = await post(
      '?strategy=new&debug=True',
      JSON.stringify({ rules: [{ name: 'mine', condition: { '==': [1, 2] }, factor: 0 }] }),
    );
    const result = r.body.result as { items: unknown[]; rules: { source: string; name: string }[] };
    expect(Array.isArray(result.rules)).toBe(true);
    expect(result.rules.map((rule) => `${rule.source}:${rule.name}`).sort()).toEqual(['global:boost', 'request:mine']);
  });

  it('unknown tracking id: exactly {status: 200, result: {items: []}}, the engine not asked', async () => {
    const r = await post('?strategy=popular&debug=True', undefined, 'nobody_here');
    expect(r).toEqual({ http: 200, body: { status: 200, result: { items: [] } } });
    expect(seen).toEqual([]);
  });

  it('unknown strategy: 200 with no items', async () => {
    const r = await post('?strategy=no_such_strategy');
    expect(r).toEqual({ http: 200, body: { status: 200, result: { items: [] } } });
  });

  it('unknown strategy with debug=True: still exactly {status: 200, result: {items: []}}', async () => {
    mock.platform.admin.recommend.setGlobalRules(TID, [{ name: 'boost', condition: { '==': [1, 1] }, factor: 2 }]);
    const r = await post('?strategy=popular%2Cno_such_strategy&debug=True');
    expect(r).toEqual({ http: 200, body: { status: 200, result: { items: [] } } });
  });
});

describe('refusals', () => {
  const NOT_FOUND = { status: 404, message: 'The requested URL was not found on the server.' };

  it.each<[string, string, string]>([
    ['no tracking id', 'https://recs.svc.example/vc/recommend/2.1/', 'POST'],
    ['an extra path segment (a mistyped tracking id)', 'https://recs.svc.example/vc/recommend/2.1/shop1/x', 'POST'],
    ['another version', 'https://recs.svc.example/vc/recommend/2.0/shop1', 'POST'],
    ['another spelling of the path (case)', 'https://recs.svc.example/VC/Recommend/2.1/shop1', 'POST'],
    ['a trailing slash', 'https://recs.svc.example/vc/recommend/2.1/shop1/', 'POST'],
  ])('404 for %s', async (_name, url, method) => {
    const response = await fetch(url, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });

  // OPTIONS is the CORS preflight (test/mock/cors.test.ts).
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])(
    '405 with Allow: POST for %s on the route (known tracking id or not)',
    async (method) => {
      for (const url of [recsUrl(), recsUrl('nobody_here')]) {
        const response = await fetch(url, { method });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
        expect(await response.json()).toEqual({
          status: 405,
          message: 'The method is not allowed for the requested URL.',
        });
      }
      expect(seen).toEqual([]);
    },
  );

  it('HEAD on the route: 405, no body', async () => {
    const response = await fetch(recsUrl(), { method: 'HEAD' });
    expect([response.status, response.headers.get('allow'), await response.text()]).toEqual([405, 'POST', '']);
  });

  it.each<[string, string, string | undefined, string]>([
    [
      'strategy absent, contextId, no seed (partner-style)',
      '?contextId=v-1',
      undefined,
      'parameter strategy has an invalid value: a string is required',
    ],
    [
      'strategy absent, contextId, h ["all"]',
      '?contextId=v-1&n=5',
      '{"h":["all"]}',
      'parameter strategy has an invalid value: a string is required',
    ],
    ['empty strategy', '?strategy=', undefined, 'parameter strategy has an invalid value: a string is required'],
    [
      'empty fallback',
      '?strategy=popular%2C',
      undefined,
      'parameter strategy has an invalid value: a string is required',
    ],
    ['n 0', '?n=0', undefined, 'parameter n has an invalid value: an integer 1..50 is required'],
    ['n 51', '?n=51', undefined, 'parameter n has an invalid value: an integer 1..50 is required'],
    ['n 2.5', '?n=2.5', undefined, 'parameter n has an invalid value: an integer 1..50 is required'],
    ['n abc', '?n=abc', undefined, 'parameter n has an invalid value: an integer 1..50 is required'],
    ['n empty', '?n=', undefined, 'parameter n has an invalid value: an integer 1..50 is required'],
    ['body not JSON', '', '{"h":', 'malformed body: a JSON object with optional "h" and "rules" is required'],
    ['body an array', '', '["p1"]', 'malformed body: a JSON object with optional "h" and "rules" is required'],
    ['h not an array', '', '{"h":"p1"}', 'parameter h has an invalid value: an array is required'],
    [
      'h with a number',
      '',
      '{"h":[1]}',
      'parameter h has an invalid value: each element must be a product id, "all" or {"type": "c", "id": "<category>"}',
    ],
    [
      'h with type "C"',
      '',
      '{"h":[{"type":"C","id":"x"}]}',
      'parameter h has an invalid value: each element must be a product id, "all" or {"type": "c", "id": "<category>"}',
    ],
    [
      'category seed with trending',
      '?strategy=trending',
      '{"h":[{"type":"c","id":"shoes"}]}',
      'parameter h has an invalid value: a category seed is allowed only with strategy popular',
    ],
    [
      'category seed with a fallback',
      '?strategy=popular%2Cnew',
      '{"h":[{"type":"c","id":"shoes"}]}',
      'parameter h has an invalid value: a category seed is allowed only with strategy popular',
    ],
    ['rules not an array', '', '{"rules":{}}', 'parameter rules has an invalid value: an array is required'],
    [
      'rule without condition',
      '',
      '{"rules":[{"factor":0}]}',
      'parameter rules has an invalid value: each rule needs a JsonLogic "condition" (one operator) and a "factor" number >= 0',
    ],
    [
      'rule with a negative factor',
      '',
      '{"rules":[{"condition":{"==":[1,1]},"factor":-1}]}',
      'parameter rules has an invalid value: each rule needs a JsonLogic "condition" (one operator) and a "factor" number >= 0',
    ],
    [
      'rule with a string factor',
      '',
      '{"rules":[{"condition":{"==":[1,1]},"factor":"2"}]}',
      'parameter rules has an invalid value: each rule needs a JsonLogic "condition" (one operator) and a "factor" number >= 0',
    ],
    [
      'rule with an empty condition',
      '',
      '{"rules":[{"condition":{},"factor":1}]}',
      'parameter rules has an invalid value: each rule needs a JsonLogic "condition" (one operator) and a "factor" number >= 0',
    ],
    [
      'rule with two operators',
      '',
      '{"rules":[{"condition":{"==":[1,1],"!=":[1,2]},"factor":1}]}',
      'parameter rules has an invalid value: each rule needs a JsonLogic "condition" (one operator) and a "factor" number >= 0',
    ],
  ])('400 for %s', async (_name, query, body, message) => {
    const r = await post(query, body);
    expect(r).toEqual({ http: 400, body: { status: 400, message } });
    expect(seen).toEqual([]);
  });

  it('400 naming the rule when the engine cannot evaluate a condition (unknown operator)', async () => {
    const r = await post(
      '?strategy=new',
      JSON.stringify({
        rules: [
          { condition: { '==': [1, 1] }, factor: 1 },
          { condition: { no_such_op: [1] }, factor: 1 },
        ],
      }),
    );
    expect(r.http).toBe(400);
    expect(r.body.status).toBe(400);
    expect(r.body.message).toMatch(/^parameter rules has an invalid value: rules\[1\]/);
  });

  it.each(['shop%ZZ1', '%E0%A4%A', 'shop1%'])(
    '400 for a malformed percent-escape in the tracking id (%s), not a thrown URIError',
    async (trackingId) => {
      const r = await post('', undefined, trackingId);
      expect(r).toEqual({
        http: 400,
        body: { status: 400, message: 'parameter trackingId has an invalid value: a malformed percent-escape' },
      });
      expect(seen).toEqual([]);
    },
  );

  it('a base URL with a path (an upper-case host, a trailing slash) is served too', async () => {
    mock.server.use(...createHandlers(mock.platform, { endpoints: { recs: 'https://API.shop.example/recs/' } }));
    const response = await fetch('https://api.shop.example/recs/vc/recommend/2.1/shop1?n=1', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(seen.map((request) => request.trackingId)).toEqual(['shop1']);
  });

  it('the tracking id is percent-decoded: shop%31 is shop1, a%2Fb an unknown id', async () => {
    expect((await post('?n=1', undefined, 'shop%31')).http).toBe(200);
    expect(seen.map((request) => request.trackingId)).toEqual(['shop1']);
    expect(await post('?n=1', undefined, 'a%2Fb')).toEqual({ http: 200, body: { status: 200, result: { items: [] } } });
  });

  it('400 also for an unknown tracking id when the request is malformed', async () => {
    expect((await post('?n=99', undefined, 'nobody_here')).http).toBe(400);
  });
});

describe('route faults apply', () => {
  it('a forced status, for as many requests as asked', async () => {
    mock.platform.faults.set('recommend', { status: 503, times: 1 });
    expect((await post('')).http).toBe(503);
    expect((await post('')).http).toBe(200);
  });

  it('another spelling of the path answers 404 and leaves the fault for the route', async () => {
    mock.platform.faults.set('recommend', { status: 503, times: 1 });
    expect((await fetch(recsUrl().replace('/vc/', '/VC/'), { method: 'POST' })).status).toBe(404);
    expect((await post('')).http).toBe(503);
  });
});
