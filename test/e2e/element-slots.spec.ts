import { expect, type Page, test } from '@playwright/test';
import { createMockPlatform } from '../../src/mock';
import { popularItems, routeToPlatform } from './platform-route';

// <svc-recommendations> with a template for each state (element-slots.html): the loading
// placeholder holds the row's height from the first paint, so the answer shifts nothing; the
// header comes with the items; empty and error show their templates, error with its code.

const PAGE = '/test-pages/element-slots.html';
const items = popularItems(4);

/** The page's cumulative layout shift so far (every shift, input or not), read after the answer. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) sum += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );
const slotted = (page: Page) =>
  page
    .locator('#widget > [data-svc-slotted]')
    .evaluateAll((nodes) =>
      nodes.map((node) => `${(node as HTMLElement).dataset.svcSlotted}:${node.tagName.toLowerCase()}`),
    );

test('a slow answer: the placeholder from the first paint, then the header and four cards, with no layout shift', async ({
  context,
  page,
}) => {
  const platform = createMockPlatform();
  platform.faults.set('recommend', {
    latencyMs: 700,
    raw: JSON.stringify({ status: 200, result: { items } }),
  });
  await routeToPlatform(context, platform);
  await page.goto(PAGE, { waitUntil: 'commit' });
  await expect(page.locator('#widget > .placeholder')).toBeVisible();
  const afterTop = () => page.locator('#after').evaluate((p) => p.getBoundingClientRect().top);
  const whileLoading = await afterTop();
  await expect(page.locator('#widget > a')).toHaveCount(4);
  expect(await slotted(page)).toEqual(['header:h2']);
  await expect(page.locator('#widget > h2')).toHaveText('You may also like');
  expect(await afterTop()).toBe(whileLoading);
  expect(await layoutShift(page)).toBe(0);
});

test('no recommendations: the empty template, no header, no layout shift', async ({ context, page }) => {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { latencyMs: 300, raw: JSON.stringify({ status: 200, result: { items: [] } }) });
  await routeToPlatform(context, platform);
  await page.goto(PAGE);
  await expect(page.locator('#widget')).toHaveAttribute('state', 'empty');
  expect(await slotted(page)).toEqual(['empty:p']);
  expect(await layoutShift(page)).toBe(0);
});

test("a failure: the error template, with the error's code in data-svc-code", async ({ context, page }) => {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { status: 503 });
  await routeToPlatform(context, platform);
  await page.goto(PAGE);
  await expect(page.locator('#widget')).toHaveAttribute('state', 'error');
  const code = await page.locator('#widget').getAttribute('code');
  expect(code).toBeTruthy();
  await expect(page.locator('#widget > [data-svc-slotted="error"]')).toHaveAttribute('data-svc-code', code as string);
});
