// What the SDK reaches for in each engine, as docs/browser-support.md lists it: one table per
// engine, so that a browser update that adds or drops one shows here first.
import { expect } from 'vitest';
import { type Storefront, test } from '../storefront';

const FEATURES = {
  chromium: { navigation: true, compression: true, locks: true, keepalive: true, gpc: false },
  firefox: { navigation: true, compression: true, locks: true, keepalive: true, gpc: false },
  webkit: { navigation: false, compression: true, locks: true, keepalive: true, gpc: false },
};

export function featureCases(s: Storefront) {
  test('the features the SDK uses where present', async () => {
    await s.page.open(`${s.shop.url}/engines/shop.html`);
    const found = await s.page.evaluate(() => ({
      navigation: typeof (window as { navigation?: unknown }).navigation === 'object',
      compression: typeof CompressionStream === 'function',
      locks: typeof navigator.locks?.request === 'function',
      keepalive: 'keepalive' in new Request('/'),
      gpc: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
      // Everything the SDK needs in every engine (docs/browser-support.md's first paragraph).
      base:
        typeof IntersectionObserver === 'function' &&
        typeof MutationObserver === 'function' &&
        typeof WeakRef === 'function' &&
        typeof customElements?.define === 'function' &&
        typeof AbortSignal.prototype.throwIfAborted === 'function' &&
        typeof Object.hasOwn === 'function' &&
        typeof queueMicrotask === 'function',
    }));
    expect(found).toEqual({ ...FEATURES[s.engineName], base: true });
  });
}
