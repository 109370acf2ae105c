// The stash's kv and the experiences from a shop page on another origin than the platform (CORS),
// checked in the page and in the platform's state.
import { expect } from 'vitest';
import { type Storefront, test } from '../storefront';

export function stashCases(s: Storefront) {
  test('stash kv set and get (a key never set: none), and experiences, from a page on another origin', async () => {
    await s.page.open(`${s.shop.url}/engines/shop.html`);
    const namespace = s.tid;
    const result = await s.page.evaluate(async (namespace) => {
      // biome-ignore lint/suspicious/noExplicitAny: window.svc is the script tag's untyped global
      const svc = (window as unknown as { svc: any }).svc;
      const kv = svc.createStash('kv', 'demo_shop', { namespace });
      await kv.set('greeting', 'hello from another origin');
      const greeting = await kv.get('greeting');
      const never = (await kv.get('never')) ?? null;
      const experiences = await svc.createExperiencesClient({ trackingId: 'demo_shop' }).getExperiences();
      return {
        greeting,
        never,
        contextId: experiences.contextId,
        payloads: experiences.experiencePayloads.length,
      };
    }, namespace);
    expect(result).toMatchObject({ greeting: 'hello from another origin', never: null });
    expect(result.payloads).toBeGreaterThan(0);
    expect(typeof result.contextId).toBe('string');
    const stash = s.mock.platform().inspect.stash.snapshot('demo_shop') as { public: Record<string, unknown> };
    expect(stash.public[`${namespace}:greeting`]).toBe('hello from another origin');
    expect(`${namespace}:never` in stash.public).toBe(false);
    const paths = s.front.seen.map((r) => r.path);
    expect(paths.some((p) => p.startsWith('/stash/'))).toBe(true);
  });
}

export function stashKindCases(s: Storefront) {
  test('stash deferkv, ts and count from a page on another origin: each as the platform holds it', async () => {
    await s.page.open(`${s.shop.url}/engines/shop.html`);
    const result = await s.page.evaluate(async (namespace) => {
      // biome-ignore lint/suspicious/noExplicitAny: window.svc is the script tag's untyped global
      const { createStash } = (window as unknown as { svc: any }).svc;
      const at = Math.floor(Date.now() / 1000) + 3600;
      const deferred = createStash('deferkv', 'demo_shop', { namespace });
      await deferred.set('basket', 'b-123', at, 'abandoned-cart');
      const row = await deferred.get('basket', at);
      await deferred.set('gone', 'g-1', at, 'abandoned-cart');
      const removed = [await deferred.remove('gone', at), await deferred.remove('gone', at)];
      const ts = createStash('ts', 'demo_shop', { namespace });
      const stamped = await ts.set('last-visit');
      const read = await ts.get('last-visit');
      const counts = createStash('count', 'demo_shop', { namespace });
      await counts.increment('visits', 'date');
      const [counterKey] = Object.keys(await counts.increment('visits', 'date'));
      return { at, row, removed, stamped, read, counterKey, count: await counts.get(counterKey) };
    }, s.tid);
    expect(result.row).toEqual({ value: 'b-123', route: 'abandoned-cart' });
    expect(result.removed).toEqual([true, false]);
    expect(Number.isInteger(result.stamped)).toBe(true);
    expect(result.read).toBe(result.stamped);
    expect(result.counterKey).toMatch(/^visits:\d{4}-\d{2}-\d{2}$/);
    expect(result.count).toBe(2);
    const held = s.mock.platform().inspect.stash.snapshot('demo_shop');
    expect(held.deferred[`${s.tid}:basket ${result.at}`]).toEqual({ value: 'b-123', route: 'abandoned-cart' });
    expect(`${s.tid}:gone ${result.at}` in held.deferred).toBe(false);
    expect(held.times[`${s.tid}:last-visit`]).toBe(result.stamped);
    expect(held.counters[`${s.tid}:${result.counterKey}`]).toBe(2);
  });
}
