import { describe, expect, it } from 'vitest';
import { type BusTopics, createBus } from '../../../src/mock/platform/bus';
import { createClock } from '../../../src/mock/platform/clock';
import { createProperties } from '../../../src/mock/platform/properties';
import { createStashArea } from '../../../src/mock/platform/stash';
import { useMockPlatform } from '../../support/mock-server';

// The mock's stash on the wire, with raw requests (no client-side validation in the way).
const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const BASE = 'https://stash.svc.example/stash/v1.1';

async function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${BASE}/${path}`, {
    method: body === undefined && !path.includes('/set/') ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { http: response.status, body: await response.json() };
}

describe('mock stash: always HTTP 200, outcome in the body', () => {
  it.each([
    ['a key with a space (percent-encoded)', 'kv/get/t1/public/a%20b'],
    ['a key with an encoded "/"', 'kv/get/t1/public/a%2Fb'],
    ['a key of 129 characters', `kv/get/t1/public/${'k'.repeat(129)}`],
    ['four key parts', 'kv/get/t1/public/a:b:c:d'],
    ['an empty key part', 'kv/get/t1/public/a::b'],
    ['an unknown level', 'kv/get/t1/private/a'],
    ['protected for ts', 'ts/get/t1/protected/a'],
    ['a tracking id with "%"', 'kv/get/t%25/public/a'],
    ['deferkv get without a timestamp', 'deferkv/get/t1/public/a'],
    ['deferkv get with timestamp 0', 'deferkv/get/t1/public/a?timestamp=0'],
    ['deferkv get with a fractional timestamp', 'deferkv/get/t1/public/a?timestamp=1.5'],
    ['deferkv get with a timestamp in milliseconds', 'deferkv/get/t1/public/a?timestamp=1800000000000'],
    ['a counter key without a date', 'count/get/t1/public/visits'],
  ])('status 400 for %s', async (_name, path) => {
    const { http, body } = await call(path);
    expect(http).toBe(200);
    expect(body.status).toBe(400);
    expect(typeof body.message).toBe('string');
  });

  it.each([
    ['kv/set/t1/public/k', { data: 5 }, 'data must be a string'],
    [
      'kv/set/t1/public/k',
      { data: 'é'.repeat(32_768) + 'x' },
      'data is 65537 bytes; at most 65536 UTF-8 bytes are stored',
    ],
    ['kv/set/t1/public/k', 'not json', 'data must be a string'],
    [
      'kv/getbatch/t1/public',
      { keys: Array.from({ length: 11 }, (_, i) => `k${i}`) },
      'keys has 11 entries; at most 10 per getbatch',
    ],
    ['kv/getbatch/t1/public', { keys: [] }, 'keys must be a non-empty array'],
    [
      'deferkv/set/t1/public/k',
      { data: 'v', timestamp: 1.5, route: 'r' },
      'timestamp must be UNIX seconds: a positive integer below 1e11',
    ],
    [
      'deferkv/set/t1/public/k',
      { data: 'v', timestamp: 1_800_000_000_000, route: 'r' },
      'timestamp must be UNIX seconds: a positive integer below 1e11',
    ],
    [
      'deferkv/remove/t1/public/k',
      { timestamp: '1800000000' },
      'timestamp must be UNIX seconds: a positive integer below 1e11',
    ],
    ['deferkv/set/t1/public/k', { data: 'v', timestamp: 1_800_000_000 }, 'route must name an integration'],
    ['count/incr/t1/public/k', { dimension: 'week' }, 'dimension "week" is invalid: only "date" is accepted'],
    ['count/decr/t1/public/k', {}, 'dimension null is invalid: only "date" is accepted'],
    ['count/getbatch/t1/public', { keys: ['visits'] }, 'counter key "visits" is invalid: expected <key>:<YYYY-MM-DD>'],
  ])('status 400 for POST %s %j', async (path, body, message) => {
    expect(await call(path, body)).toEqual({ http: 200, body: { status: 400, message } });
  });

  it('kv: 404 only when nothing exists; getbatch answers existing keys only', async () => {
    expect(await call('kv/get/t1/public/a')).toEqual({ http: 200, body: { status: 404 } });
    expect((await call('kv/getbatch/t1/public', { keys: ['a', 'b'] })).body.status).toBe(404);
    expect(await call('kv/set/t1/public/a', { data: '1' })).toEqual({ http: 200, body: { status: 200 } });
    expect(await call('kv/getbatch/t1/public', { keys: ['a', 'b'] })).toEqual({
      http: 200,
      body: { status: 200, data: { a: '1' } },
    });
    expect(await call('kv/get/t1/public/a')).toEqual({ http: 200, body: { status: 200, data: '1' } });
    // Tracking ids are separate stores.
    expect((await call('kv/get/t2/public/a')).body.status).toBe(404);
  });

  it.each([
    ['kv/get/t1/public/none'],
    ['kv/get/t1/protected/none'],
    ['kv/getbatch/t1/public', { keys: ['none', 'other'] }],
    ['deferkv/get/t1/public/none?timestamp=1800000000'],
    ['deferkv/remove/t1/public/none', { timestamp: 1_800_000_000 }],
    ['ts/get/t1/public/none'],
    ['count/get/t1/public/none:2026-11-21'],
    ['count/getbatch/t1/public', { keys: ['none:2026-11-21'] }],
  ])('nothing there: %s answers exactly {"status":404}', async (path, body?: unknown) => {
    expect(await call(path, body)).toEqual({ http: 200, body: { status: 404 } });
  });

  it('counters: key <fullKey>:<UTC date>, count/get and count/getbatch', async () => {
    expect((await call('count/incr/t1/public/n:v:visits', { dimension: 'date' })).body).toEqual({
      status: 200,
      data: { 'n:v:visits:2026-11-21': '2026-11-21' },
    });
    expect((await call('count/get/t1/public/n:v:visits:2026-11-21')).body).toEqual({ status: 200, data: '1' });
    expect((await call('count/getbatch/t1/public', { keys: ['n:v:visits:2026-11-21', 'x:2026-11-21'] })).body).toEqual({
      status: 200,
      data: { 'n:v:visits:2026-11-21': '1' },
    });
  });

  it('ts/set answers the platform time in UNIX seconds', async () => {
    expect((await call('ts/set/t1/public/k')).body).toEqual({
      status: 200,
      data: String(Date.parse('2026-11-21T10:00:00Z') / 1000),
    });
  });

  it('faults of route "stash" apply (body status 500, then normal)', async () => {
    mock.platform.faults.set('stash', { bodyStatus: 500, times: 1 });
    expect((await call('kv/get/t1/public/a')).body.status).toBe(500);
    expect((await call('kv/get/t1/public/a')).body.status).toBe(404);
  });
});

describe('mock stash: what an outsider may send', () => {
  it.each([
    ['a malformed escape in the key', 'kv/get/t1/public/%E0%A4%A', 'key "%E0%A4%A" is invalid'],
    ['a lone "%" as the key', 'ts/get/t1/public/%', 'key "%" is invalid'],
    ['a malformed escape in the tracking id', 'kv/get/%ZZ/public/a', 'tracking id "%ZZ" is invalid'],
    [
      'a malformed escape in the counter key',
      'count/get/t1/public/a%ZZ:2026-11-21',
      'counter key "a%ZZ:2026-11-21" is invalid',
    ],
    ['a malformed escape in the level', 'kv/getbatch/t1/pub%lic', 'level "pub%lic" is invalid'],
  ])('%s: HTTP 200, status 400 (never a thrown URIError)', async (_name, path, message) => {
    const { http, body } = await call(path, path.includes('getbatch') ? { keys: ['a'] } : undefined);
    expect(http).toBe(200);
    expect(body.status).toBe(400);
    expect(body.message).toContain(message);
  });

  it('an empty key segment is status 400; a trailing slash or an extra segment is no stash route (HTTP 404)', async () => {
    expect((await call('kv/get/t1/public/')).body).toMatchObject({
      status: 400,
      message: expect.stringContaining('key "" is invalid'),
    });
    expect((await call('kv/get/t1//a')).body).toMatchObject({
      status: 400,
      message: 'level "" is invalid: expected public or protected',
    });
    await call('kv/set/t1/public/a', { data: 'x' });
    for (const path of ['kv/get/t1/public/a/', 'kv/get/t1/public/a/b', 'kv/getbatch/t1/public/a']) {
      expect(await call(path, path.includes('getbatch') ? { keys: ['a'] } : undefined)).toEqual({
        http: 404,
        body: { status: 404, message: 'The requested URL was not found on the server.' },
      });
    }
  });

  it('percent-encoded unreserved characters and ":" are the same key', async () => {
    await call('kv/set/t1/public/n:a', { data: 'x' });
    expect((await call('kv/get/t1/public/n%3A%61')).body).toEqual({ status: 200, data: 'x' });
  });

  it.each([
    ['GET', 'kv/set/t1/public/a', 'POST'],
    ['PUT', 'kv/set/t1/public/a', 'POST'],
    ['POST', 'kv/get/t1/public/a', 'GET, HEAD'],
    ['DELETE', 'kv/get/t1/public/a', 'GET, HEAD'],
    ['GET', 'kv/getbatch/t1/public', 'POST'],
    ['GET', 'count/incr/t1/public/a', 'POST'],
    ['PATCH', 'deferkv/get/t1/public/a', 'GET, HEAD'],
  ])('%s on %s: HTTP 405 with Allow: %s, nothing stored', async (method, path, allow) => {
    const response = await fetch(`${BASE}/${path}`, {
      method,
      body: method === 'GET' ? undefined : '{"data":"x","dimension":"date"}',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toEqual({ status: 405, message: 'The method is not allowed for the requested URL.' });
    expect(mock.platform.inspect.stash.snapshot('t1')).toEqual({
      public: {},
      protected: {},
      deferred: {},
      times: {},
      counters: {},
    });
  });

  it('HEAD on a POST route: HTTP 405 with Allow: POST and no body', async () => {
    const response = await fetch(`${BASE}/kv/set/t1/public/a`, { method: 'HEAD' });
    expect([response.status, response.headers.get('allow'), await response.text()]).toEqual([405, 'POST', '']);
  });

  it('HEAD on a GET route answers as GET does, without a body', async () => {
    const response = await fetch(`${BASE}/kv/get/t1/public/a`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
  });
});

describe('mock stash: protected level', () => {
  it('a client write to protected gets status 400 with a message', async () => {
    expect(await call('kv/set/t1/protected/tier', { data: 'gold' })).toEqual({
      http: 200,
      body: { status: 400, message: 'level protected is read-only from clients: write it with a server credential' },
    });
    expect(mock.platform.inspect.stash.snapshot('t1').protected).toEqual({});
  });

  it('admin.stash.set with a credential writes it; clients read it; revoke and other properties refuse', async () => {
    const { admin } = mock.platform;
    const credential = admin.stash.createCredential('t1');
    expect(credential).toMatch(/^svc_sk_[0-9a-f]{32}$/);
    admin.stash.set(credential, 'n:tier', 'gold');
    expect(await call('kv/get/t1/protected/n:tier')).toEqual({ http: 200, body: { status: 200, data: 'gold' } });
    expect((await call('kv/getbatch/t1/protected', { keys: ['n:tier'] })).body).toEqual({
      status: 200,
      data: { 'n:tier': 'gold' },
    });
    expect(() => admin.stash.set(credential, 'bad key', 'x')).toThrow(/stash admin: key "bad key" is invalid/);
    expect(admin.stash.remove(credential, 'n:tier')).toBe(true);
    expect((await call('kv/get/t1/protected/n:tier')).body.status).toBe(404);
    // A credential is bound to its property.
    const other = admin.stash.createCredential('t2');
    expect(
      (await call('kv/set/t1/protected/tier', { data: 'x' }, { authorization: `Bearer ${other}` })).body.status,
    ).toBe(400);
    admin.stash.revokeCredential(credential);
    expect(() => admin.stash.set(credential, 'tier', 'x')).toThrow('stash admin: unknown credential');
  });

  it('server code may write protected over the wire with Authorization: Bearer <credential>', async () => {
    const credential = mock.platform.admin.stash.createCredential('t1');
    expect(
      (await call('kv/set/t1/protected/tier', { data: 'gold' }, { authorization: `Bearer ${credential}` })).body,
    ).toEqual({ status: 200 });
    expect(mock.platform.inspect.stash.snapshot('t1').protected).toEqual({ tier: 'gold' });
  });
});

describe('mock stash: deferkv expiry on the platform clock', () => {
  it.each([
    ['already passed', Date.parse('2026-11-21T09:00:00Z') / 1000],
    ['now', Date.parse('2026-11-21T10:00:00Z') / 1000],
  ])(
    'a row whose timestamp is %s is delivered by the set itself (no later request needed) and reads 404',
    async (_when, t) => {
      expect((await call('deferkv/set/t1/public/late', { data: 'v', timestamp: t, route: 'mailer' })).body).toEqual({
        status: 200,
      });
      expect(mock.platform.inspect.stash.deliveries()).toEqual([
        { trackingId: 't1', key: 'late', value: 'v', route: 'mailer', at: t * 1000 },
      ]);
      expect(mock.platform.inspect.stash.snapshot('t1').deferred).toEqual({});
      expect((await call(`deferkv/get/t1/public/late?timestamp=${t}`)).body).toEqual({ status: 404 });
      expect((await call('deferkv/remove/t1/public/late', { timestamp: t })).body).toEqual({ status: 404 });
      expect(mock.platform.inspect.stash.deliveries()).toHaveLength(1);
    },
  );

  it('emits a delivery on the bus at the row timestamp, and records it', () => {
    const clock = createClock('2026-11-21T10:00:00Z');
    const bus = createBus();
    const area = createStashArea({ clock, bus, properties: createProperties(clock.now) });
    const heard: BusTopics['delivery'][] = [];
    bus.on('delivery', (d) => heard.push(d));
    const t = Date.parse('2026-11-21T10:05:00Z') / 1000;
    const set = (key: string, data: string, timestamp: number) =>
      area.service.deferSet({ trackingId: 't1', level: 'public', key, body: { data, timestamp, route: 'mailer' } });
    expect(set('a', 'first', t + 60)).toEqual({ status: 200 });
    expect(set('b', 'second', t)).toEqual({ status: 200 });
    clock.advance(4 * 60_000);
    expect(heard).toEqual([]);
    clock.advance(2 * 60_000);
    expect(heard).toEqual([
      { trackingId: 't1', key: 'b', value: 'second', route: 'mailer', at: t * 1000 },
      { trackingId: 't1', key: 'a', value: 'first', route: 'mailer', at: (t + 60) * 1000 },
    ]);
    expect(area.inspect.deliveries()).toEqual(heard);
    expect(
      area.service.deferGet({ trackingId: 't1', level: 'public', key: 'a', timestamp: String(t + 60) }).status,
    ).toBe(404);
    expect(area.inspect.snapshot('t1').deferred).toEqual({});
  });
});
