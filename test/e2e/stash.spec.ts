import { expect, test } from '@playwright/test';

// @svc/stash in Chromium through the script tag (window.svc) against the mock behind the MSW
// worker: the visitor id comes from the real `_svcTracker` cookie, retries cross a real fetch.
test('createStash in the browser: cookie visitor id, batching, retry, counters', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  const result = await page.evaluate(async () => {
    type Any = Record<string, (...args: unknown[]) => Promise<unknown>>;
    const w = window as unknown as {
      svc: { createStash: (op: string, tid: string, options?: object) => Any };
      svcMock: {
        exchanges: { url: string; requestBody: string }[];
        platform: {
          faults: { set(route: string, fault: object): void };
          inspect: { stash: { snapshot(tid: string): Record<string, Record<string, unknown>> } };
        };
      };
    };
    document.cookie = '_svcTracker=e2e-visitor; path=/';
    const { createStash } = w.svc;
    const kv = createStash('kv', 'demo_shop', { namespace: 'e2e', useVisitorId: true });
    await kv.set('cart', 'three items');
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    const batch = await kv.get(['cart', ...keys]);
    w.svcMock.platform.faults.set('stash', { bodyStatus: 500, times: 1 });
    const retried = await kv.get('cart');
    const count = createStash('count', 'demo_shop');
    const incremented = (await count.increment('e2e-visits', 'date')) as Record<string, string>;
    const [counterKey] = Object.keys(incremented);
    const refused = await kv.get('a/b').then(
      () => 'sent',
      (e: { code: string }) => e.code,
    );
    return {
      batch,
      retried,
      counted: await count.get(counterKey),
      stored: w.svcMock.platform.inspect.stash.snapshot('demo_shop').public['e2e:e2e-visitor:cart'],
      refused,
      getbatch: w.svcMock.exchanges
        .filter((x) => x.url.includes('/kv/getbatch/'))
        .map((x) => JSON.parse(x.requestBody).keys.length),
    };
  });
  expect(result).toEqual({
    batch: { cart: 'three items' },
    retried: 'three items',
    counted: 1,
    stored: 'three items',
    refused: 'INVALID_ARGUMENT',
    getbatch: [10, 3],
  });
});
