import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../src/mock';
import type { Fault } from '../../src/mock/platform/faults';
import { createStash, type KvStash, setEndpoints } from '../../src/stash';
import { STASH_DEFAULTS } from '../../src/stash/options';
import { useMockPlatform } from '../support/mock-server';
import { BASE, errorOf, refused, requests } from './helpers';

// Acceptance items of issue 4 that the other files of test/stash did not pin down (each test here
// was seen failing against a deliberately broken client or mock before it was kept).
const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const urls = async () => (await requests(mock)).map((r) => `${r.method} ${r.url}`);
const kv = () => createStash('kv', 'shop1');
const keys = (n: number, prefix = 'k') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/**
 * Records the wait of every setTimeout of the retry backoff and runs it at once. Other timers are
 * left alone: each attempt's timeout (STASH_DEFAULTS.timeout), the 0 ms timer that ends a read's
 * single-flight turn (no backoff here is 0: Math.random() is mocked above 0), and the socket timers
 * of Node's own fetch (msw 3 intercepts below fetch, so undici really runs).
 */
function recordWaits(): number[] {
  const waits: number[] = [];
  const real = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms = 0, ...rest: unknown[]) => {
    if (ms === 0 || ms === STASH_DEFAULTS.timeout || new Error().stack?.includes('node:internal/deps/undici'))
      return real(run, ms, ...rest);
    waits.push(ms);
    return real(run, 0);
  }) as typeof setTimeout);
  return waits;
}

describe('retry backoff: exponential, full jitter, capped', () => {
  it.each([0.5, 0.25])('Math.random() = %s: the k-th wait is random × min(2000, 100·2^k) ms', async (r) => {
    vi.spyOn(Math, 'random').mockReturnValue(r);
    const waits = recordWaits();
    mock.platform.faults.set('stash', { bodyStatus: 500 });
    await errorOf(() => createStash('kv', 'shop1', { retries: 6 }).get('k'));
    expect(await mock.sent()).toHaveLength(7);
    expect(waits).toEqual([100, 200, 400, 800, 1600, 2000].map((ms) => ms * r));
  });

  it('by default: 3 attempts, 2 waits; increment: 1 attempt, no wait', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const waits = recordWaits();
    mock.platform.faults.set('stash', { bodyStatus: 500 });
    await errorOf(() => createStash('kv', 'shop1').set('k', 'v'));
    expect(waits).toEqual([50, 100]);
    await errorOf(() => createStash('count', 'shop1').increment('visits', 'date'));
    expect(waits).toEqual([50, 100]);
    expect(await urls()).toEqual([
      ...Array(3).fill(`POST ${BASE}/kv/set/shop1/public/k`),
      `POST ${BASE}/count/incr/shop1/public/visits`,
    ]);
  });
});

const failures: [string, Fault, string][] = [
  ['body status 500', { bodyStatus: 500 }, 'SERVER_ERROR'],
  ['HTTP 500', { status: 500 }, 'SERVER_ERROR'],
  ['HTTP 502 with an HTML page', { status: 502, raw: '<html><body>Bad Gateway</body></html>' }, 'PROTOCOL'],
  ['HTTP 503', { status: 503 }, 'SERVER_ERROR'],
  ['a network failure', { offline: true }, 'NETWORK'],
];

describe('retried: kv get and set on every retryable failure', () => {
  it.each(failures)('%s twice, then success on the third attempt', async (_name, fault) => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const stash = createStash('kv', 'shop1', { namespace: 'app' });
    mock.platform.faults.set('stash', { ...fault, times: 2 });
    await expect(stash.set('k', 'v')).resolves.toBeUndefined();
    mock.platform.faults.set('stash', { ...fault, times: 2 });
    await expect(stash.get('k')).resolves.toBe('v');
    expect(await urls()).toEqual([
      ...Array(3).fill(`POST ${BASE}/kv/set/shop1/public/app:k`),
      ...Array(3).fill(`GET ${BASE}/kv/get/shop1/public/app:k`),
    ]);
    expect(mock.platform.inspect.stash.snapshot('shop1').public['app:k']).toBe('v');
  });
});

describe('never retried', () => {
  it.each(
    failures.flatMap(([name, fault, code]) =>
      (['increment', 'decrement'] as const).map((op) => [op, name, fault, code] as const),
    ),
  )('%s on %s: one request, the error, nothing counted', async (op, _name, fault, code) => {
    mock.platform.faults.set('stash', { ...fault, times: 1 });
    expect((await errorOf(() => createStash('count', 'shop1')[op]('visits', 'date'))).code).toBe(code);
    expect(await urls()).toEqual([`POST ${BASE}/count/${op.slice(0, 4)}/shop1/public/visits`]);
    expect(mock.platform.inspect.stash.snapshot('shop1').counters).toEqual({});
  });

  it.each([
    ['body status 400 on get', { bodyStatus: 400 }, (s: KvStash) => s.get('k'), 'BAD_REQUEST'],
    ['body status 400 on getbatch', { bodyStatus: 400 }, (s: KvStash) => s.get(['a', 'b']), 'BAD_REQUEST'],
    ['HTTP 400 on get', { status: 400 }, (s: KvStash) => s.get('k'), 'BAD_REQUEST'],
    ['HTTP 400 on set', { status: 400 }, (s: KvStash) => s.set('k', 'v'), 'BAD_REQUEST'],
    ['HTTP 404 on set', { status: 404 }, (s: KvStash) => s.set('k', 'v'), 'NOT_FOUND'],
    ['HTTP 404 on getbatch', { status: 404 }, (s: KvStash) => s.get(['a']), 'NOT_FOUND'],
  ] as const)('%s: one request', async (_name, fault, run, code) => {
    mock.platform.faults.set('stash', fault);
    expect((await errorOf(() => run(kv()))).code).toBe(code);
    expect(await mock.sent()).toHaveLength(1);
  });
});

describe('refused before anything is sent', () => {
  it.each([
    ['a namespace with "/"', 'a/b'],
    ['a namespace with "%"', 'a%2Fb'],
    ['a namespace with a space', 'a b'],
    ['a namespace ".."', '..'],
    ['a namespace "."', '.'],
    ['an empty namespace', ''],
    ['a namespace of 129 characters', 'n'.repeat(129)],
    ['a namespace with ":"', 'a:b'],
    ['a namespace that is not a string', 7],
  ])('%s', async (_name, namespace) => {
    await refused(mock, () => createStash('kv', 'shop1', { namespace: namespace as string }), 'options.namespace');
  });

  it('kv get(25 keys) with a bad key in the last getbatch: no getbatch is sent', async () => {
    await refused(mock, () => kv().get([...keys(24), 'bad key']), 'key');
  });

  it('count get(12 counter keys) with a bad one in the second getbatch: no getbatch is sent', async () => {
    await refused(
      mock,
      () => createStash('count', 'shop1').get([...keys(11).map((k) => `${k}:2026-11-21`), 'x:21-11-2026']),
      'counterKey',
    );
  });
});

describe("get(keys): full keys on the wire, the caller's keys in the result", () => {
  it('namespace and visitor id: getbatch of full keys, result by the keys asked', async () => {
    const stash = createStash('kv', 'shop1', { namespace: 'app', useVisitorId: true, visitorId: 'v1' });
    await stash.set('cart', 'c');
    await stash.set('wish', 'w');
    const result = await stash.get(['cart', 'wish', 'none']);
    expect(result).toEqual({ cart: 'c', wish: 'w' });
    expect(Object.getPrototypeOf(result)).toBe(null);
    expect((await requests(mock)).at(-1)).toEqual({
      method: 'POST',
      url: `${BASE}/kv/getbatch/shop1/public`,
      json: { keys: ['app:v1:cart', 'app:v1:wish', 'app:v1:none'] },
    });
  });
});

describe('single-flight', () => {
  it('concurrent reads of one key by clients with different retries do not share a request (each keeps its own retries)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await kv().set('k', 'v');
    mock.platform.faults.set('stash', { bodyStatus: 500, times: 2 });
    const [once, retried] = await Promise.allSettled([
      createStash('kv', 'shop1', { retries: 0 }).get('k'),
      kv().get('k'),
    ]);
    expect(once).toMatchObject({ status: 'rejected', reason: { code: 'SERVER_ERROR' } });
    expect(retried).toEqual({ status: 'fulfilled', value: 'v' });
    expect(await urls()).toEqual([
      `POST ${BASE}/kv/set/shop1/public/k`,
      ...Array(3).fill(`GET ${BASE}/kv/get/shop1/public/k`),
    ]);
  });

  it('concurrent reads of one key by clients with different timeouts do not share a request', async () => {
    await kv().set('k', 'v');
    mock.platform.faults.set('stash', { latencyMs: 200, times: 2 });
    const [short, patient] = await Promise.allSettled([
      createStash('kv', 'shop1', { timeout: 20 }).get('k'),
      kv().get('k'),
    ]);
    expect(short).toMatchObject({ status: 'rejected', reason: { code: 'TIMEOUT' } });
    expect(patient).toEqual({ status: 'fulfilled', value: 'v' });
  });
});

describe('endpoint', () => {
  afterEach(() => setEndpoints({ stash: undefined }));

  it('setEndpoints({ stash }) is the base URL of clients; options.endpoint wins over it', async () => {
    const global = 'https://stash.global.example';
    const own = 'https://stash.own.example';
    mock.server.use(
      ...createHandlers(mock.platform, { endpoints: { stash: global } }),
      ...createHandlers(mock.platform, { endpoints: { stash: own } }),
    );
    setEndpoints({ stash: global });
    await kv().get('k');
    await createStash('kv', 'shop1', { endpoint: own }).get('k');
    expect(await urls()).toEqual([
      `GET ${global}/stash/v1.1/kv/get/shop1/public/k`,
      `GET ${own}/stash/v1.1/kv/get/shop1/public/k`,
    ]);
  });
});

describe('counters roll over at UTC midnight whatever the local time zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['Pacific/Kiritimati', 'America/Los_Angeles'])('TZ=%s', async (tz) => {
    process.env.TZ = tz;
    const stash = createStash('count', 'shop1');
    mock.platform.clock.set('2026-11-21T23:59:59Z');
    await expect(stash.increment('visits', 'date')).resolves.toEqual({ 'visits:2026-11-21': '2026-11-21' });
    mock.platform.clock.advance(1000);
    await expect(stash.increment('visits', 'date')).resolves.toEqual({ 'visits:2026-11-22': '2026-11-22' });
    await expect(stash.get(['visits:2026-11-21', 'visits:2026-11-22'])).resolves.toEqual({
      'visits:2026-11-21': 1,
      'visits:2026-11-22': 1,
    });
  });
});

describe('"__proto__" in any response shape never reaches a prototype', () => {
  it.each([
    [
      'a deferkv row',
      '{"status":200,"data":{"__proto__":{"value":"v","route":"r"}}}',
      () => createStash('deferkv', 'shop1').get('k', 1_800_000_000),
      { code: 'PROTOCOL' },
    ],
    [
      'an increment answer',
      '{"status":200,"data":{"__proto__":"2026-11-21"}}',
      () => createStash('count', 'shop1').increment('visits', 'date'),
      { code: 'PROTOCOL' },
    ],
    [
      'a count getbatch',
      '{"status":200,"data":{"__proto__":{"polluted":"yes"}}}',
      () => createStash('count', 'shop1').get(['a:2026-11-21']),
      { value: { 'a:2026-11-21': 0 } },
    ],
    ['the envelope', '{"__proto__":{"status":200,"data":"x"}}', () => kv().get('k'), { code: 'PROTOCOL' }],
  ])('%s', async (_name, raw, run, expected) => {
    mock.platform.faults.set('stash', { raw });
    const outcome = await Promise.resolve()
      .then(run as () => Promise<unknown>)
      .then(
        (value: unknown) => ({ value }),
        (error: { code: string }) => ({ code: error.code }),
      );
    expect(outcome).toEqual(expected);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).value).toBeUndefined();
    expect(({} as Record<string, unknown>).status).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});
