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
