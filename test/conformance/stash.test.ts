// Stash: each operation of `createStash`, its request held to the seed's endpoint table (PROTOCOL.md
// for the paths the seed leaves "not shown"), its answer to the seed's status table, and the value
// found in the platform's state under the seed's full key.
import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { protocol, seed } from './cite';
import { type Exchange, recordExchanges } from './wire';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const wire = recordExchanges(mock);
const STASH = 'https://stash.svc.example/stash/v1.1';
const TID = 'shop1';
const TODAY = '2026-11-21';
const visitor = { useVisitorId: true, visitorId: 'visitor-1' } as const;
const state = () => mock.platform.inspect.stash.snapshot(TID).public;

/** The exchanges of a call (it must resolve), each answered HTTP 200 with a body status. */
async function sent(call: Promise<unknown>): Promise<Exchange[]> {
  await call;
  const exchanges = await wire.take();
  for (const exchange of exchanges) {
    expect(exchange.status).toBe(200); // the stash's HTTP status is always 200
    expect((exchange.answer as { status: number }).status).toEqual(expect.any(Number));
  }
  return exchanges;
}

const request = ({ method, path, query, body }: Exchange) => ({ method, path, query, body });

describe("stash kv: the seed's endpoints and full keys", () => {
  it(seed('| full key | `<visitor_id>:<key_name>` (visitor id is a unique site visitor id'), async () => {
    const [exchange] = await sent(createStash('kv', TID, visitor).set('cart', '["sku-1"]'));
    expect(exchange.path).toBe(`${STASH}/kv/set/${TID}/public/visitor-1:cart`);
    expect(state()).toEqual({ 'visitor-1:cart': '["sku-1"]' });
  });

  it(
    seed('| client-library key prefixes | `<namespace>:` first if the namespace option is set, then `<visitorId>:`'),
    async () => {
      const [exchange] = await sent(createStash('kv', TID, { namespace: 'ns', ...visitor }).set('colour', 'blue'));
      expect(exchange.path).toBe(`${STASH}/kv/set/${TID}/public/ns:visitor-1:colour`);
      await sent(createStash('kv', TID, { namespace: 'ns' }).set('colour', 'red'));
      await sent(createStash('kv', TID).set('colour', 'green'));
      expect(state()).toEqual({ 'ns:visitor-1:colour': 'blue', 'ns:colour': 'red', colour: 'green' });
    },
  );

  it(
    seed(
      '| POST | `{stash_url}/stash/v1.1/kv/set/<tracking_id>/public/<visitor_id>:<key_name>` | object with field `data`',
    ),
    async () => {
      const [exchange] = await sent(createStash('kv', TID, visitor).set('cart', 'x'));
      expect(request(exchange)).toEqual({
        method: 'POST',
        path: `${STASH}/kv/set/${TID}/public/visitor-1:cart`,
        query: [],
        body: { data: 'x' },
      });
      expect(exchange.contentType).toMatch(/^application\/json/);
      expect(exchange.answer).toEqual({ status: 200 });
    },
  );

  it(
    seed('| GET | `{stash_url}/stash/v1.1/kv/get/<tracking_id>/public/<visitor_id>:<key_name>` | none |'),
    async () => {
      const kv = createStash('kv', TID, visitor);
      await sent(kv.set('cart', 'x'));
      const [hit] = await sent(kv.get('cart'));
      expect(request(hit)).toEqual({
        method: 'GET',
        path: `${STASH}/kv/get/${TID}/public/visitor-1:cart`,
        query: [],
        body: undefined,
      });
      expect(hit.answer).toEqual({ status: 200, data: 'x' });
      const [miss] = await sent(kv.get('wishlist'));
      expect(miss.answer).toMatchObject({ status: 404 }); // "`status` 404 when the key does not exist"
    },
  );

  it(
    seed(
      '| POST | `{stash_url}/stash/v1.1/kv/getbatch/<tracking_id>/public` | object with `keys`: array of at most 10 full keys',
    ),
    async () => {
      const kv = createStash('kv', TID, visitor);
      await sent(kv.set('a', '1'));
      const keys = Array.from({ length: 11 }, (_, i) => (i === 0 ? 'a' : `k${i}`));
      const exchanges = await sent(kv.get(keys));
      expect(exchanges.map(request)).toEqual([
        {
          method: 'POST',
          path: `${STASH}/kv/getbatch/${TID}/public`,
          query: [],
          body: { keys: keys.slice(0, 10).map((k) => `visitor-1:${k}`) },
        },
        { method: 'POST', path: `${STASH}/kv/getbatch/${TID}/public`, query: [], body: { keys: ['visitor-1:k10'] } },
      ]);
      expect(exchanges[0].answer).toEqual({ status: 200, data: { 'visitor-1:a': '1' } });
    },
  );

  it(seed('| storage levels | public (readable and writable from the client) and protected'), async () => {
    const credential = mock.platform.admin.stash.createCredential(TID);
    mock.platform.admin.stash.set(credential, 'visitor-1:tier', 'gold');
    const [exchange] = await sent(createStash('kv', TID, { ...visitor, level: 'protected' }).get('tier'));
    expect(exchange.path).toBe(`${STASH}/kv/get/${TID}/protected/visitor-1:tier`);
    expect(exchange.answer).toEqual({ status: 200, data: 'gold' });
  });
});

describe("stash deferkv, ts, count: PROTOCOL.md's paths for what the seed does not show", () => {
  it(seed('| deferkv | set(key, value, timestamp, route) | Store a value that may expire'), async () => {
    expect(protocol('POST {stash}/stash/v1.1/deferkv/set/{tid}/public/{fullKey}')).toBeTruthy();
    const at = Date.parse('2026-11-21T11:00:00Z') / 1000;
    const deferred = createStash('deferkv', TID, visitor);
    const [set] = await sent(deferred.set('basket', 'b-1', at, 'cart-reminder'));
    expect(request(set)).toEqual({
      method: 'POST',
      path: `${STASH}/deferkv/set/${TID}/public/visitor-1:basket`,
      query: [],
      body: { data: 'b-1', timestamp: at, route: 'cart-reminder' },
    });
    expect(set.answer).toEqual({ status: 200 });
  });

  it(seed('| deferkv | get(key, timestamp) | Returns object with `value` and `route` |'), async () => {
    expect(protocol('GET  {stash}/stash/v1.1/deferkv/get/{tid}/public/{fullKey}?timestamp=T')).toBeTruthy();
    const at = Date.parse('2026-11-21T11:00:00Z') / 1000;
    const deferred = createStash('deferkv', TID, visitor);
    await sent(deferred.set('basket', 'b-1', at, 'cart-reminder'));
    const [get] = await sent(deferred.get('basket', at));
    expect(request(get)).toEqual({
      method: 'GET',
      path: `${STASH}/deferkv/get/${TID}/public/visitor-1:basket`,
      query: [`timestamp=${at}`],
      body: undefined,
    });
    expect(get.answer).toEqual({ status: 200, data: { value: 'b-1', route: 'cart-reminder' } });
  });

  it(seed('| deferkv | remove(key, timestamp) | Remove the whole row for that key and timestamp |'), async () => {
    expect(protocol('POST {stash}/stash/v1.1/deferkv/remove/{tid}/public/{fullKey}  {"timestamp":T}')).toBeTruthy();
    const at = Date.parse('2026-11-21T11:00:00Z') / 1000;
    const deferred = createStash('deferkv', TID, visitor);
    await sent(deferred.set('basket', 'b-1', at, 'cart-reminder'));
    const [remove] = await sent(deferred.remove('basket', at));
    expect(request(remove)).toEqual({
      method: 'POST',
      path: `${STASH}/deferkv/remove/${TID}/public/visitor-1:basket`,
      query: [],
      body: { timestamp: at },
    });
    expect(remove.answer).toEqual({ status: 200 });
  });

  it(seed('| ts | set(key) | Stores the server-side UNIX time at which the request arrived |'), async () => {
    expect(protocol('POST {stash}/stash/v1.1/ts/set/{tid}/public/{fullKey}')).toBeTruthy();
    const ts = createStash('ts', TID, visitor);
    const [set] = await sent(ts.set('last-visit'));
    const now = String(Date.parse('2026-11-21T10:00:00Z') / 1000);
    expect(request(set)).toEqual({
      method: 'POST',
      path: `${STASH}/ts/set/${TID}/public/visitor-1:last-visit`,
      query: [],
      body: undefined,
    });
    expect(set.answer).toEqual({ status: 200, data: now });
    const [get] = await sent(ts.get('last-visit'));
    expect(request(get)).toEqual({
      method: 'GET',
      path: `${STASH}/ts/get/${TID}/public/visitor-1:last-visit`,
      query: [],
      body: undefined,
    });
    expect(get.answer).toEqual({ status: 200, data: now });
  });

  it(
    seed(
      '| count | increment(key, dimension) | Adds 1 to the counter for key and dimension; only dimension `date` works',
    ),
    async () => {
      expect(
        protocol('POST {stash}/stash/v1.1/count/incr/{tid}/public/{fullKey}      {"dimension":"date"}'),
      ).toBeTruthy();
      const counts = createStash('count', TID, visitor);
      const [incr] = await sent(counts.increment('visits', 'date'));
      expect(request(incr)).toEqual({
        method: 'POST',
        path: `${STASH}/count/incr/${TID}/public/visitor-1:visits`,
        query: [],
        body: { dimension: 'date' },
      });
      // "returns an object mapping the counter key (format `key:dimension_value`) to the dimension value"
      expect(incr.answer).toEqual({ status: 200, data: { [`visitor-1:visits:${TODAY}`]: TODAY } });
    },
  );

  it(seed('| count | decrement(key, dimension) | Subtracts 1; dimension fixed to `date`'), async () => {
    const counts = createStash('count', TID, visitor);
    const [decr] = await sent(counts.decrement('visits', 'date'));
    expect(request(decr)).toEqual({
      method: 'POST',
      path: `${STASH}/count/decr/${TID}/public/visitor-1:visits`,
      query: [],
      body: { dimension: 'date' },
    });
    expect(decr.answer).toEqual({ status: 200, data: { [`visitor-1:visits:${TODAY}`]: TODAY } });
  });

  it(seed('| count | get(key) | Count stored at the counter key returned by increment or decrement |'), async () => {
    const counts = createStash('count', TID, visitor);
    await sent(counts.increment('visits', 'date'));
    await sent(counts.increment('visits', 'date'));
    const [get] = await sent(counts.get(`visits:${TODAY}`));
    expect(request(get)).toEqual({
      method: 'GET',
      path: `${STASH}/count/get/${TID}/public/visitor-1:visits:${TODAY}`,
      query: [],
      body: undefined,
    });
    expect(get.answer).toEqual({ status: 200, data: '2' });
  });

  it(seed('| count | get(keys) | Object of counts for an array of counter keys |'), async () => {
    const counts = createStash('count', TID, visitor);
    await sent(counts.increment('visits', 'date'));
    const [batch] = await sent(counts.get([`visits:${TODAY}`, 'visits:2026-11-20']));
    expect(request(batch)).toEqual({
      method: 'POST',
      path: `${STASH}/count/getbatch/${TID}/public`,
      query: [],
      body: { keys: [`visitor-1:visits:${TODAY}`, 'visitor-1:visits:2026-11-20'] },
    });
    expect(batch.answer).toEqual({ status: 200, data: { [`visitor-1:visits:${TODAY}`]: '1' } });
  });
});

describe("stash: the seed's statuses", () => {
  it(seed('| 400 | Client error: invalid parameter values |'), async () => {
    const response = await fetch(`${STASH}/count/incr/${TID}/public/visits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dimension: 'week' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 400 });
  });

  it(seed('| 404 | Client error: the key or keys were not found |'), async () => {
    const response = await fetch(`${STASH}/kv/getbatch/${TID}/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keys: ['nothing:here'] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 404 });
  });
});
