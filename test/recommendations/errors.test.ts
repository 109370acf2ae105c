import { beforeEach, describe, expect, it } from 'vitest';
import { isRetryable } from '../../src/core/errors';
import { type RateLimitedError, recommendations } from '../../src/recommendations';
import { failure } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';
import { FEED, RAW_ANSWER, TID } from './feed';

// Every error code get() can reject with, each caused by what the platform (or the network) does.
const mock = useMockPlatform();
beforeEach(() => mock.platform.admin.recommend.loadFeed(TID, FEED));

const client = () => recommendations({ meta: { trackingId: TID } });

describe('get() rejects', () => {
  it('NO_RECOMMENDATIONS: the envelope has no items (unknown tracking id)', async () => {
    const error = await failure(recommendations({ meta: { trackingId: 'unknown_shop' } }).get());
    expect(error.code).toBe('NO_RECOMMENDATIONS');
    expect(error.name).toBe('NoRecommendationsError');
    expect(error.message).toBe(
      'recommendations popular for https://recs.svc.example/vc/recommend/2.1/unknown_shop: no recommendations',
    );
    expect(await mock.sent()).toHaveLength(1);
  });

  it('NO_RECOMMENDATIONS: unknown strategy', async () => {
    const error = await failure(client().get({ strategy: 'no_such_strategy' }));
    expect(error.code).toBe('NO_RECOMMENDATIONS');
  });

  it('TIMEOUT: no answer within `timeout` ms; the request is aborted', async () => {
    const requests: Request[] = [];
    mock.server.events.on('request:start', ({ request }) => {
      requests.push(request);
    });
    mock.platform.faults.set('recommend', { latencyMs: 2_000 });
    const error = await failure(client().get({ timeout: 10 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.name).toBe('TimeoutError');
    expect(error.message).toContain('no response within 10 ms (request aborted)');
    expect(requests).toHaveLength(1);
    expect(requests[0].signal.aborted).toBe(true);
  });

  it('timeout 0 waits as long as it takes', async () => {
    mock.platform.faults.set('recommend', { latencyMs: 30, ...RAW_ANSWER });
    const items = await client().get({ timeout: 0 });
    expect(items.map((i) => i.id)).toEqual(['p2', 'p4', 'p1']);
  });

  it('NOT_FOUND: the path is not found (a wrong endpoint)', async () => {
    const error = await failure(client().get({ endpoint: 'https://recs.svc.example/vc/recommend/2.0/' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.status).toBe(404);
    expect(error.message).toContain('The requested URL was not found on the server.');
    expect((await mock.sent())[0].url.href).toBe(
      'https://recs.svc.example/vc/recommend/2.0/shop1?strategy=popular&n=10',
    );
  });

  it.each<[string, object, string, number]>([
    ['BAD_REQUEST (HTTP 400)', { status: 400 }, 'BAD_REQUEST', 400],
    ['BAD_REQUEST (body status 400)', { bodyStatus: 400 }, 'BAD_REQUEST', 400],
    ['SERVER_ERROR (HTTP 503)', { status: 503 }, 'SERVER_ERROR', 503],
    ['SERVER_ERROR (body status 500 under HTTP 200)', { bodyStatus: 500 }, 'SERVER_ERROR', 500],
    ['RATE_LIMITED (HTTP 429)', { status: 429, retryAfter: 30 }, 'RATE_LIMITED', 429],
    ['PROTOCOL (an HTML error page)', { status: 502, raw: '<html><body>Bad gateway</body></html>' }, 'PROTOCOL', 502],
    ['PROTOCOL (truncated JSON)', { raw: '{"status":200,"result":{"items":[' }, 'PROTOCOL', 200],
  ])('%s', async (_name, fault, code, status) => {
    mock.platform.faults.set('recommend', fault);
    const error = await failure(client().get());
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    if (code === 'RATE_LIMITED') expect((error as RateLimitedError).retryAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await mock.sent()).toHaveLength(1);
  });

  const good = { id: 'a', weight: 1, strategy: 'popular', details: {} };
  it.each<[string, unknown, string]>([
    ['no result', { status: 200 }, 'result.items'],
    ['result is a string', { status: 200, result: 'oops' }, 'result.items'],
    ['items not an array', { status: 200, result: { items: {} } }, 'result.items'],
    [
      'an item without id',
      { status: 200, result: { items: [{ weight: 1, strategy: 'popular', details: {} }] } },
      'result.items[0].id',
    ],
    [
      'an item with a string weight',
      { status: 200, result: { items: [good, { ...good, weight: '1' }] } },
      'result.items[1].weight',
    ],
    [
      'an item with a numeric strategy',
      { status: 200, result: { items: [{ ...good, strategy: 3 }] } },
      'result.items[0].strategy',
    ],
    [
      'an item with array details',
      { status: 200, result: { items: [{ ...good, details: [] }] } },
      'result.items[0].details',
    ],
    ['an item that is null', { status: 200, result: { items: [null] } }, 'result.items[0]'],
  ])('PROTOCOL: response with %s, naming the first bad field', async (_name, body, field) => {
    mock.platform.faults.set('recommend', { raw: JSON.stringify(body) });
    const error = await failure(client().get());
    expect(error.code).toBe('PROTOCOL');
    expect(error.name).toBe('ProtocolError');
    expect(error.message).toMatch(new RegExp(`: invalid ${field.replace(/[[\]]/g, '\\$&')}$`));
  });

  it('NETWORK: no answer at all', async () => {
    mock.platform.faults.set('recommend', { offline: true });
    const error = await failure(client().get());
    expect(error.code).toBe('NETWORK');
    expect(isRetryable(error)).toBe(true);
  });
});
