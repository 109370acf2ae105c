// Issue 33, point 6: get() returns at most `n` (the `limit`) items, whatever the server sends, and
// never reads the items past them.
import { beforeEach, describe, expect, it } from 'vitest';
import { recommendations } from '../../src/recommendations';
import { useMockPlatform } from '../support/mock-server';
import { TID } from './feed';

const mock = useMockPlatform();
const item = (i: number) => ({ id: `p${i}`, weight: 1 - i / 1e6, strategy: 'popular', details: {} });

describe('a server that answers more than n items', () => {
  beforeEach(() => {
    const items = Array.from({ length: 100_000 }, (_, i) => item(i));
    mock.platform.faults.set('recommend', { raw: JSON.stringify({ status: 200, result: { items } }) });
  });

  it('limit 3 of 100,000 items: the first 3, in the server’s order', async () => {
    const list = await recommendations({ meta: { trackingId: TID } }).get({ limit: 3 });
    expect(list.map((r) => r.id)).toEqual(['p0', 'p1', 'p2']);
  });

  it('the default limit (10) bounds the list too', async () => {
    const list = await recommendations({ meta: { trackingId: TID } }).get();
    expect(list).toHaveLength(10);
  });
});

describe('items past n are not read', () => {
  it('a malformed item after the first n does not make the answer PROTOCOL', async () => {
    const items = [item(0), item(1), { id: 42, weight: 'not a number' }];
    mock.platform.faults.set('recommend', { raw: JSON.stringify({ status: 200, result: { items } }) });
    const list = await recommendations({ meta: { trackingId: TID } }).get({ limit: 2 });
    expect(list.map((r) => r.id)).toEqual(['p0', 'p1']);
  });

  it('a malformed item within the first n still is (PROTOCOL)', async () => {
    const items = [item(0), { id: 42, weight: 'not a number' }, item(2)];
    mock.platform.faults.set('recommend', { raw: JSON.stringify({ status: 200, result: { items } }) });
    await expect(recommendations({ meta: { trackingId: TID } }).get({ limit: 2 })).rejects.toMatchObject({
      code: 'PROTOCOL',
    });
  });
});
