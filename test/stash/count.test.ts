import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, refused, requests } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T23:59:58Z' });

describe('count', () => {
  it('increment POSTs {dimension:"date"} and resolves {"<key>:<date>": "<date>"} with the caller\'s key', async () => {
    const stash = createStash('count', 'shop1', { namespace: 'app', useVisitorId: true, visitorId: 'v1' });
    await expect(stash.increment('visits', 'date')).resolves.toEqual({ 'visits:2026-11-21': '2026-11-21' });
    await expect(stash.decrement('visits', 'date')).resolves.toEqual({ 'visits:2026-11-21': '2026-11-21' });
    await expect(stash.get('visits:2026-11-21')).resolves.toBe(0);
    expect(await requests(mock)).toEqual([
      { method: 'POST', url: `${BASE}/count/incr/shop1/public/app:v1:visits`, json: { dimension: 'date' } },
      { method: 'POST', url: `${BASE}/count/decr/shop1/public/app:v1:visits`, json: { dimension: 'date' } },
      { method: 'GET', url: `${BASE}/count/get/shop1/public/app:v1:visits:2026-11-21`, json: undefined },
    ]);
  });

  it('counters roll over at UTC midnight (mock clock)', async () => {
    const stash = createStash('count', 'shop1');
    await stash.increment('visits', 'date');
    await stash.increment('visits', 'date');
    mock.platform.clock.advance(1000); // 23:59:59
    await stash.increment('visits', 'date');
    mock.platform.clock.advance(1000); // 00:00:00 next day
    await expect(stash.increment('visits', 'date')).resolves.toEqual({ 'visits:2026-11-22': '2026-11-22' });
    await expect(stash.get('visits:2026-11-21')).resolves.toBe(3);
    await expect(stash.get('visits:2026-11-22')).resolves.toBe(1);
    expect(mock.platform.inspect.stash.snapshot('shop1').counters).toEqual({
      'visits:2026-11-21': 3,
      'visits:2026-11-22': 1,
    });
  });

  it('a counter that does not exist reads 0', async () => {
    await expect(createStash('count', 'shop1').get('visits:2026-01-01')).resolves.toBe(0);
  });

  it('get(counterKeys): count/getbatch in requests of at most 10, every key present, 0 when missing', async () => {
    const stash = createStash('count', 'shop1', { namespace: 'app' });
    await stash.increment('a', 'date');
    await stash.decrement('b', 'date');
    const counterKeys = ['a:2026-11-21', 'b:2026-11-21', ...Array.from({ length: 10 }, (_, i) => `x${i}:2026-11-21`)];
    const counts = await stash.get(counterKeys);
    expect(counts).toEqual({
      'a:2026-11-21': 1,
      'b:2026-11-21': -1,
      ...Object.fromEntries(counterKeys.slice(2).map((k) => [k, 0])),
    });
    const batches = (await requests(mock)).slice(2);
    expect(batches).toEqual([
      {
        method: 'POST',
        url: `${BASE}/count/getbatch/shop1/public`,
        json: { keys: counterKeys.slice(0, 10).map((k) => `app:${k}`) },
      },
      {
        method: 'POST',
        url: `${BASE}/count/getbatch/shop1/public`,
        json: { keys: counterKeys.slice(10).map((k) => `app:${k}`) },
      },
    ]);
  });

  it('PROTOCOL when increment answers another counter key', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":200,"data":{"other:2026-11-21":"2026-11-21"}}' });
    await expect(createStash('count', 'shop1').increment('visits', 'date')).rejects.toMatchObject({ code: 'PROTOCOL' });
  });

  it('PROTOCOL when the counter key and its date disagree', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":200,"data":{"visits:2026-11-21":"2026-11-22"}}' });
    await expect(createStash('count', 'shop1').increment('visits', 'date')).rejects.toMatchObject({ code: 'PROTOCOL' });
  });

  it('PROTOCOL when a count is not an integer', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":200,"data":{"a:2026-11-21":"many"}}' });
    await expect(createStash('count', 'shop1').get(['a:2026-11-21'])).rejects.toMatchObject({ code: 'PROTOCOL' });
  });
});

describe('a counter key that is not a string', () => {
  it.each([
    ['an object without a prototype', Object.create(null)],
    ['a number', 7],
    ['a list inside the list', [['a:2026-11-21']]],
    // biome-ignore lint/suspicious/noSparseArray: a list with a hole, as a caller's code can make one
    ['a list with a hole', [, 'a:2026-11-21']],
  ])('%s: INVALID_ARGUMENT naming counterKey, nothing sent', async (_what, key) => {
    const stash = createStash('count', 'shop1');
    await refused(mock, () => stash.get(key as never), 'counterKey');
  });
});
