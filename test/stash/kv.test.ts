import { describe, expect, it } from 'vitest';
import { useMockPlatform } from '../support/mock-server';
import { createStash } from '../../src/stash';
import { SvcError } from '../../src/core/errors';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const BASE = 'https://stash.svc.example/stash/v1.1';

const requests = async () => (await mock.sent()).map((r) => ({ method: r.method, url: r.url.href, json: r.json }));

describe('kv', () => {
  it('set POSTs {data} to kv/set/{tid}/public/{fullKey} and get reads it back', async () => {
    const stash = createStash('kv', 'shop1');
    await expect(stash.set('cart', '3 items')).resolves.toBeUndefined();
    await expect(stash.get('cart')).resolves.toBe('3 items');
    expect(await requests()).toEqual([
      { method: 'POST', url: `${BASE}/kv/set/shop1/public/cart`, json: { data: '3 items' } },
      { method: 'GET', url: `${BASE}/kv/get/shop1/public/cart`, json: undefined },
    ]);
  });

  it('get of a key that does not exist resolves undefined', async () => {
    await expect(createStash('kv', 'shop1').get('nothing')).resolves.toBeUndefined();
    expect(await requests()).toEqual([{ method: 'GET', url: `${BASE}/kv/get/shop1/public/nothing`, json: undefined }]);
  });
});
