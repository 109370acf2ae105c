import { describe, expect, it } from 'vitest';
import { setPageTracker } from '../../src/core/tracker-slot';
import { createHandlers } from '../../src/mock';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, errorOf, requests } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });

describe('kv set / get', () => {
  it('set POSTs {data} to kv/set/{tid}/public/{fullKey}; get GETs kv/get and resolves the value', async () => {
    const stash = createStash('kv', 'shop1');
    await expect(stash.set('cart', '3 items')).resolves.toBeUndefined();
    await expect(stash.get('cart')).resolves.toBe('3 items');
    expect(await requests(mock)).toEqual([
      { method: 'POST', url: `${BASE}/kv/set/shop1/public/cart`, json: { data: '3 items' } },
      { method: 'GET', url: `${BASE}/kv/get/shop1/public/cart`, json: undefined },
    ]);
  });

  it('set overwrites', async () => {
    const stash = createStash('kv', 'shop1');
    await stash.set('k', 'one');
    await stash.set('k', 'two');
    await expect(stash.get('k')).resolves.toBe('two');
  });

  it('get of a key that does not exist resolves undefined (not an error)', async () => {
    await expect(createStash('kv', 'shop1').get('nothing')).resolves.toBeUndefined();
    expect(await requests(mock)).toEqual([
      { method: 'GET', url: `${BASE}/kv/get/shop1/public/nothing`, json: undefined },
    ]);
  });

  it('full key is namespace:visitorId:key with namespace and useVisitorId + visitorId', async () => {
    const stash = createStash('kv', 'shop1', { namespace: 'app', useVisitorId: true, visitorId: 'v-42' });
    await stash.set('cart', 'x');
    await stash.get('cart');
    expect(await requests(mock)).toEqual([
      { method: 'POST', url: `${BASE}/kv/set/shop1/public/app:v-42:cart`, json: { data: 'x' } },
      { method: 'GET', url: `${BASE}/kv/get/shop1/public/app:v-42:cart`, json: undefined },
    ]);
    expect(mock.platform.inspect.stash.snapshot('shop1').public['app:v-42:cart']).toBe('x');
  });

  it('namespace alone prefixes namespace:; visitorId without useVisitorId is not used', async () => {
    await createStash('kv', 'shop1', { namespace: 'app', visitorId: 'v-42' }).set('cart', 'x');
    expect((await requests(mock))[0].url).toBe(`${BASE}/kv/set/shop1/public/app:cart`);
  });

  it("useVisitorId falls back to the page's tracker when there is no option and no cookie (Node)", async () => {
    setPageTracker({ visitorId: 'from-tracker', emit: () => undefined, on: () => () => undefined });
    try {
      await createStash('kv', 'shop1', { useVisitorId: true }).get('cart');
    } finally {
      setPageTracker(undefined);
    }
    expect((await requests(mock))[0].url).toBe(`${BASE}/kv/get/shop1/public/from-tracker:cart`);
  });

  it('level protected reads kv/get/{tid}/protected/{fullKey} (written server side with a credential)', async () => {
    const credential = mock.platform.admin.stash.createCredential('shop1');
    mock.platform.admin.stash.set(credential, 'price-tier', 'gold');
    const stash = createStash('kv', 'shop1', { level: 'protected' });
    await expect(stash.get('price-tier')).resolves.toBe('gold');
    await expect(stash.get(['price-tier', 'other'])).resolves.toEqual({ 'price-tier': 'gold' });
    expect(await requests(mock)).toEqual([
      { method: 'GET', url: `${BASE}/kv/get/shop1/protected/price-tier`, json: undefined },
      { method: 'POST', url: `${BASE}/kv/getbatch/shop1/protected`, json: { keys: ['price-tier', 'other'] } },
    ]);
    // The public level is another storage.
    await expect(createStash('kv', 'shop1').get('price-tier')).resolves.toBeUndefined();
  });

  it('endpoint option and timeout: requests go to the given base URL', async () => {
    const other = 'https://stash.other.example';
    mock.server.use(...createHandlers(mock.platform, { endpoints: { stash: other } }));
    await createStash('kv', 'shop1', { endpoint: `${other}/`, timeout: 5000 }).set('k', 'v');
    expect((await requests(mock))[0].url).toBe(`${other}/stash/v1.1/kv/set/shop1/public/k`);
  });

  it('a value of exactly 65,536 UTF-8 bytes is stored', async () => {
    const value = 'é'.repeat(32_768); // 2 bytes each
    await createStash('kv', 'shop1').set('big', value);
    await expect(createStash('kv', 'shop1').get('big')).resolves.toBe(value);
  });

  it('TIMEOUT when no answer within options.timeout (per attempt; not retried)', async () => {
    mock.platform.faults.set('stash', { latencyMs: 400 });
    const error = await errorOf(() => createStash('kv', 'shop1', { timeout: 30 }).get('k'));
    expect(error.code).toBe('TIMEOUT');
    expect(await mock.sent()).toHaveLength(1);
  });

  it('PROTOCOL when the value is not a string', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":200,"data":{"not":"a string"}}' });
    const error = await errorOf(() => createStash('kv', 'shop1').get('k'));
    expect(error.code).toBe('PROTOCOL');
  });
});
