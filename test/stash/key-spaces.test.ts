import { describe, expect, it, vi } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, requests } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });

describe("full keys are the seed's [namespace:][visitorId:]key", () => {
  it('kv.set with a namespace and a visitor id sends ns:v1:colour, and the platform stores it there', async () => {
    const kv = createStash('kv', 'shop1', { namespace: 'ns', useVisitorId: true, visitorId: 'v1' });
    await kv.set('colour', 'blue');
    expect(await requests(mock)).toEqual([
      { method: 'POST', url: `${BASE}/kv/set/shop1/public/ns:v1:colour`, json: { data: 'blue' } },
    ]);
    expect(mock.platform.inspect.stash.snapshot('shop1').public).toEqual({ 'ns:v1:colour': 'blue' });
    expect(await kv.get('colour')).toBe('blue');
  });

  it('a value the platform holds at visitor-1:cart is what useVisitorId reads', async () => {
    await createStash('kv', 'shop1', { visitorId: 'visitor-1', useVisitorId: true }).set('cart', '["sku-1"]');
    expect(mock.platform.inspect.stash.snapshot('shop1').public).toEqual({ 'visitor-1:cart': '["sku-1"]' });
    // Another client of the platform addressing the full key directly finds the same value.
    expect(await createStash('kv', 'shop1', { namespace: 'visitor-1' }).get('cart')).toBe('["sku-1"]');
  });

  it('a namespace, a visitor id and a key may start with "~" (a segment character)', async () => {
    const kv = createStash('kv', 'shop1', { namespace: '~ns', useVisitorId: true, visitorId: '~v' });
    await kv.set('~k', 'x');
    expect((await requests(mock))[0].url).toBe(`${BASE}/kv/set/shop1/public/~ns:~v:~k`);
    expect(await kv.get('~k')).toBe('x');
  });

  it('a visitor id of 128 characters is a whole segment', async () => {
    const visitorId = 'v'.repeat(128);
    await createStash('kv', 'shop1', { useVisitorId: true, visitorId }).set('k', 'x');
    expect(mock.platform.inspect.stash.snapshot('shop1').public).toEqual({ [`${visitorId}:k`]: 'x' });
  });
});

describe('a namespace that could be a visitor id', () => {
  const uuid = '3f1c2a9e-8b4d-4c1e-9f2a-5d6e7f8a9b0c';

  it('is warned about once on the console, and neither refused nor rewritten', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const kv = createStash('kv', 'shop1', { namespace: uuid });
    createStash('kv', 'shop1', { namespace: uuid });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain(`namespace "${uuid}" has the shape of a visitor id`);
    await kv.set('config', 'x');
    expect((await requests(mock))[0].url).toBe(`${BASE}/kv/set/shop1/public/${uuid}:config`);
  });

  it("collides with that visitor's keys, as the platform's scheme does", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await createStash('kv', 'shop1', { namespace: 'admin' }).set('config', 'from-namespace');
    expect(await createStash('kv', 'shop1', { useVisitorId: true, visitorId: 'admin' }).get('config')).toBe(
      'from-namespace',
    );
  });

  it('a word or a dotted name is not warned about', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createStash('kv', 'shop1', { namespace: 'cart' });
    createStash('kv', 'shop1', { namespace: 'app.v1' });
    createStash('kv', 'shop1', { namespace: '3f1c2a9e' });
    expect(warn).not.toHaveBeenCalled();
  });
});
