// Stash: each operation of `createStash`, its request held to the platform reference's endpoint table (PROTOCOL.md
// for the paths the platform reference leaves open), its answer to the platform reference's status table, and the value
// found in the platform's state under the platform reference's full key.
import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { platform, protocol } from './cite';
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

describe("stash kv: the platform reference's endpoints and full keys", () => {
  it(platform('| full key | `<visitor_id>:<key_name>`'), async () => {
    const [exchange] = await sent(createStash('kv', TID, visitor).set('cart', '["sku-1"]'));
    expect(exchange.path).toBe(`${STASH}/kv/set/${TID}/public/visitor-1:cart`);
    expect(state()).toEqual({ 'visitor-1:cart': '["sku-1"]' });
  });

  it(
    platform('| client key prefix | `<namespace>:` when the namespace option is set, then `<visitorId>:`'),
    async () => {
      const [exchange] = await sent(createStash('kv', TID, { namespace: 'ns', ...visitor }).set('colour', 'blue'));
      expect(exchange.path).toBe(`${STASH}/kv/set/${TID}/public/ns:visitor-1:colour`);
      await sent(createStash('kv', TID, { namespace: 'ns' }).set('colour', 'red'));
      await sent(createStash('kv', TID).set('colour', 'green'));
      expect(state()).toEqual({ 'ns:visitor-1:colour': 'blue', 'ns:colour': 'red', colour: 'green' });
    },
  );

  it(
    platform('| POST | `{stash_url}/stash/v1.1/kv/set/<tracking_id>/public/<full key>` | `{data: <string>}`'),
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

  it(platform('| GET | `{stash_url}/stash/v1.1/kv/get/<tracking_id>/public/<full key>` | none |'), async () => {
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
  });

  it(
    platform('| POST | `{stash_url}/stash/v1.1/kv/getbatch/<tracking_id>/public` | `{keys}`: at most 10 full keys'),
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

  it(platform('| storage levels | public (clients read and write) and protected'), async () => {
    const credential = mock.platform.admin.stash.createCredential(TID);
    mock.platform.admin.stash.set(credential, 'visitor-1:tier', 'gold');
    const [exchange] = await sent(createStash('kv', TID, { ...visitor, level: 'protected' }).get('tier'));
    expect(exchange.path).toBe(`${STASH}/kv/get/${TID}/protected/visitor-1:tier`);
    expect(exchange.answer).toEqual({ status: 200, data: 'gold' });
  });
});

describe("stash deferkv, ts, count: PROTOCOL.md's paths for what the platform reference leaves open", () => {
  it(platform('| deferkv | set(key, value, timestamp, route) | stores a value that expires'), async () => {
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

  it(platform("| deferkv | get(key, timestamp) | the row's `value` and `route` |"), async () => {
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

  it(platform('| deferkv | remove(key, timestamp) | removes the row of that key and timestamp |'), async () => {
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

  it(platform("| ts | set(key) | stores the server's UNIX time of the request |"), async () => {
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

  it(platform('| count | increment(key, dimension) | adds 1 for the dimension `date`'), async () => {
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
  });

  it(platform('| count | decrement(key, dimension) | subtracts 1'), async () => {
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

  it(platform('| count | get(key) | the count at a counter key that increment or decrement returned |'), async () => {
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

  it(platform('| count | get(keys) | an object of counts for an array of counter keys |'), async () => {
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

describe("stash: the platform reference's statuses", () => {
  it(platform("| 400 | a client error: a parameter's value is invalid |"), async () => {
    const response = await fetch(`${STASH}/count/incr/${TID}/public/visits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dimension: 'week' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 400 });
  });

  it(platform('| 404 | a client error: no key found |'), async () => {
    const response = await fetch(`${STASH}/kv/getbatch/${TID}/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keys: ['nothing:here'] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 404 });
  });
});
