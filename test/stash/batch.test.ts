import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, requests } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const keys = (n: number, prefix = 'k') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** Order in which requests started and answers came back. */
function timeline() {
  const order: string[] = [];
  mock.server.events.on('request:start', () => order.push('start'));
  mock.server.events.on('response:mocked', () => order.push('answer'));
  return order;
}

describe('kv get(keys): getbatch requests of at most 10, in parallel', () => {
  it('25 keys: three getbatch requests of 10, 10 and 5 keys, all sent before any answer', async () => {
    const credential = mock.platform.admin.stash.createCredential('shop1');
    for (const key of ['k0', 'k11', 'k24'])
      mock.platform.admin.stash.set(credential, `app:${key}`, `value of ${key}`, 'public');
    mock.platform.faults.set('stash', { latencyMs: 5 });
    const order = timeline();
    const result = await createStash('kv', 'shop1', { namespace: 'app' }).get(keys(25));
    // Keyed by the caller's keys (not the full keys); keys without a value are absent.
    expect(result).toEqual({ k0: 'value of k0', k11: 'value of k11', k24: 'value of k24' });
    const full = keys(25).map((k) => `app:${k}`);
    expect(await requests(mock)).toEqual([
      { method: 'POST', url: `${BASE}/kv/getbatch/shop1/public`, json: { keys: full.slice(0, 10) } },
      { method: 'POST', url: `${BASE}/kv/getbatch/shop1/public`, json: { keys: full.slice(10, 20) } },
      { method: 'POST', url: `${BASE}/kv/getbatch/shop1/public`, json: { keys: full.slice(20, 25) } },
    ]);
    expect(order).toEqual(['start', 'start', 'start', 'answer', 'answer', 'answer']);
  });

  it('a batch where no key exists (status 404) contributes nothing; an empty list sends nothing', async () => {
    const stash = createStash('kv', 'shop1');
    await expect(stash.get(['a', 'b'])).resolves.toEqual({});
    await expect(stash.get([])).resolves.toEqual({});
    expect(await mock.sent()).toHaveLength(1);
  });

  it('duplicate keys are asked once', async () => {
    await createStash('kv', 'shop1').get(['a', 'b', 'a']);
    expect((await requests(mock)).map((r) => r.json)).toEqual([{ keys: ['a', 'b'] }]);
  });
});

describe('single-flight', () => {
  it('identical concurrent reads of one client share one request; another client and a later read send again', async () => {
    const stash = createStash('kv', 'shop1');
    await stash.set('a', '1');
    const [x, y, z] = await Promise.all([stash.get('a'), stash.get('a'), createStash('kv', 'shop1').get('a')]);
    expect([x, y, z]).toEqual(['1', '1', '1']);
    await stash.get('a');
    expect((await requests(mock)).map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${BASE}/kv/set/shop1/public/a`,
      `GET ${BASE}/kv/get/shop1/public/a`,
      `GET ${BASE}/kv/get/shop1/public/a`,
      `GET ${BASE}/kv/get/shop1/public/a`,
    ]);
  });

  it('identical concurrent batch reads share their getbatch requests', async () => {
    const stash = createStash('kv', 'shop1');
    await Promise.all([stash.get(keys(12)), stash.get(keys(12))]);
    expect(await mock.sent()).toHaveLength(2);
  });

  it('different reads are not merged', async () => {
    const stash = createStash('kv', 'shop1');
    await Promise.all([stash.get('a'), stash.get('b'), createStash('kv', 'shop1', { level: 'protected' }).get('a')]);
    expect(await mock.sent()).toHaveLength(3);
  });

  it('writes are never merged', async () => {
    const stash = createStash('kv', 'shop1');
    await Promise.all([stash.set('a', '1'), stash.set('a', '1')]);
    expect(await mock.sent()).toHaveLength(2);
  });
});

describe('untrusted responses', () => {
  it('a "__proto__" key in a getbatch response never touches a prototype', async () => {
    mock.platform.faults.set('stash', {
      raw: '{"status":200,"data":{"__proto__":"p","constructor":"c","a":"1","not-asked":"x"}}',
    });
    const result = await createStash('kv', 'shop1').get(['__proto__', 'constructor', 'a', 'b']);
    expect(Object.keys(result)).toEqual(['__proto__', 'constructor', 'a']);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe('p');
    expect(result.constructor).toBe('c');
    expect(Object.getPrototypeOf(result)).toBe(null);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('p');
  });

  it('a "__proto__" object in a response is refused (PROTOCOL), Object.prototype untouched', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":200,"data":{"__proto__":{"polluted":"yes"}}}' });
    await expect(createStash('kv', 'shop1').get(['__proto__'])).rejects.toMatchObject({ code: 'PROTOCOL' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the key "__proto__" round-trips through the platform', async () => {
    const stash = createStash('kv', 'shop1');
    await stash.set('__proto__', 'stored');
    await expect(stash.get('__proto__')).resolves.toBe('stored');
    const both = await stash.get(['__proto__', 'x']);
    expect(Object.hasOwn(both, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(both, '__proto__')?.value).toBe('stored');
  });

  it('getbatch data that is not an object is PROTOCOL', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":200,"data":"nope"}' });
    await expect(createStash('kv', 'shop1').get(['a'])).rejects.toMatchObject({ code: 'PROTOCOL' });
  });
});
