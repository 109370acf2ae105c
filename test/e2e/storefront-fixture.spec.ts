import { expect, test } from '../../src/mock/playwright';

// A plain storefront page (not the demo) with svc.min.js, tested only through the `svc` fixture of
// @svc/mock/playwright: its recommendations, observe() impressions, stash and consent reach a
// fresh platform per test, which the assertions read back. No service worker, no other mock.
const PAGE = '/test-pages/storefront.html';
const types = (events: { meta: { type: string } }[]) => events.map((event) => event.meta.type);

test.use({ svcNow: '2026-11-21T12:00:00Z' });

test('recommendations come from the platform; consent gates events; impressions and the view arrive', async ({
  page,
  svc,
}) => {
  await page.goto(PAGE);
  const ids = await page.evaluate(
    () => (window as unknown as { shop: { recommended: Promise<string[]> } }).shop.recommended,
  );
  expect(ids).toHaveLength(4);
  expect(new Set(ids).size).toBe(4); // the fixture catalog's products, from this test's platform
  await expect(page.locator('#recommended li')).toHaveCount(4);

  // Consent pending: nothing has reached the platform yet.
  await page.waitForTimeout(300);
  expect(svc.platform.inspect.events.received('demo_shop').filter((e) => e.meta.url.includes('storefront'))).toEqual(
    [],
  );

  await page.click('#accept');
  await page.evaluate(() => (window as unknown as { shop: { flush(): Promise<void> } }).shop.flush());
  await expect
    .poll(() =>
      types(svc.platform.inspect.events.received('demo_shop').filter((e) => e.meta.url.includes('storefront'))),
    )
    .toEqual(expect.arrayContaining(['ecView', 'recommendationShown']));
  const shown = svc.platform.inspect.events
    .received('demo_shop')
    .filter((e) => e.meta.type === 'recommendationShown')
    .map((e) => e.data.id);
  expect(ids).toEqual(expect.arrayContaining(shown));
});

test('the stash: a wishlist set and read back is what the platform holds', async ({ page, svc }) => {
  await page.goto(PAGE);
  const text = await page.evaluate(() =>
    (window as unknown as { shop: { wish(ids: string[]): Promise<string> } }).shop.wish(['sku-1', 'sku-2']),
  );
  expect(text).toBe('["sku-1","sku-2"]');
  await expect(page.locator('#wishlist')).toHaveText('["sku-1","sku-2"]');
  expect(svc.platform.inspect.stash.snapshot('demo_shop').public['shop:wishlist']).toBe('["sku-1","sku-2"]');
});

test('consent refused: no event is sent', async ({ page, svc }) => {
  await page.goto(PAGE);
  await page.click('#deny');
  await page.evaluate(() => (window as unknown as { shop: { flush(): Promise<void> } }).shop.flush());
  await page.waitForTimeout(300);
  expect(svc.platform.inspect.events.received('demo_shop').filter((e) => e.meta.url.includes('storefront'))).toEqual(
    [],
  );
});

test('svc.faults fails a call: the widget gets the failure', async ({ page, svc }) => {
  svc.faults.set('recommend', { status: 503 });
  await page.goto(PAGE);
  const outcome = await page.evaluate(() =>
    (window as unknown as { shop: { recommended: Promise<string[]> } }).shop.recommended.then(
      () => 'resolved',
      (error: { code?: string }) => error.code,
    ),
  );
  expect(outcome).toBe('SERVER_ERROR');
  expect(svc.platform.clock.now()).toBe(Date.parse('2026-11-21T12:00:00Z'));
});

test.describe('an empty platform', () => {
  test.use({ svcFixtures: false });

  test('a fresh platform per test, without fixtures when asked', async ({ page, svc }) => {
    await page.goto(PAGE);
    const ids = await page.evaluate(() =>
      (window as unknown as { shop: { recommended: Promise<string[]> } }).shop.recommended.catch(() => []),
    );
    expect(ids).toEqual([]);
    expect(svc.platform.properties.has('demo_shop')).toBe(false);
  });
});
