import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createMockPlatform, type MockPlatform } from '../../src/mock';
import { platformOverHttps } from './https-platform';
import { emittedRecommendationEvents, heldRecommendationEvents, routeToPlatform } from './platform-route';

// Viewable impressions in Chromium: recommendations(...).observe() (observe.html) and the
// declarative data-svc-item attributes of svc.min.js (observe-declarative.html) with the real
// IntersectionObserver. The mock platform runs here, in Node, behind Playwright routes, so what
// it holds is what really reached it; a navigation to a page without svc.min.js leaves only the
// departing page to deliver a click. The page: 1500 px above a widget of six 200 px items, one under
// the other, in a 1280x720 viewport.

const TID = 'e2e_shop';
const ITEMS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
/** The platform's answer: six items in this order (positions 1..6). */
const ANSWER = {
  status: 200,
  result: {
    items: ITEMS.map((id, i) => ({ id, weight: 10 - i, strategy: i % 2 ? 'cf_viewed' : 'popular', details: { id } })),
  },
};
/** Scrolled here, the viewport (1450..2170) holds p1..p3 whole and 35% of p4 (2100..2300). */
const IN_VIEW = 1450;

/** A Node-side mock platform answering every svc.example route of `context`. */
async function platformFor(context: BrowserContext) {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { raw: JSON.stringify(ANSWER) });
  await routeToPlatform(context, platform);
  return platform;
}

const held = (platform: MockPlatform) => heldRecommendationEvents(platform, TID);
const emitted = emittedRecommendationEvents;

const scrollTo = (page: Page, y: number) => page.evaluate((y) => window.scrollTo(0, y), y);
const observed = (page: Page) =>
  page.evaluate(() => {
    // The QA channel's gauge (src/core/qa-channel.ts): the SDK's own count, read as the QA overlay reads it.
    type Channel = { gauges: { observed(): number } };
    return (globalThis as unknown as Record<symbol, Channel>)[Symbol.for('svc.qa')].gauges.observed();
  });

/** Opens `path` and waits for the widget's items. */
async function open(page: Page, path: string) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(path);
  const ids = await page.evaluate(() => (window as unknown as { widget: { ready: Promise<string[]> } }).widget.ready);
  expect(ids).toEqual(ITEMS);
  await expect(page.locator('#widget li')).toHaveCount(6);
}

/** The mock platform routed, the page at `path` open, and the widget's first three items scrolled into view. */
async function openInView(context: BrowserContext, page: Page, path: string) {
  const platform = await platformFor(context);
  await open(page, path);
  await scrollTo(page, IN_VIEW);
  return platform;
}

/** Makes the page hidden or visible again, as a switch to another tab would. */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((hidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

for (const [mode, path] of [
  ['observe()', '/test-pages/observe.html'],
  ['svc.min.js and data-svc-item only', '/test-pages/observe-declarative.html'],
] as const) {
  test.describe(mode, () => {
    test('below the fold: nothing on load; 0.5 s in view: nothing; 1.2 s: one shown per visible item only', async ({
      context,
      page,
    }) => {
      const platform = await platformFor(context);
      await open(page, path);
      expect(await observed(page)).toBe(6);
      await page.waitForTimeout(1500);
      expect(await emitted(page)).toEqual([]);

      await scrollTo(page, IN_VIEW);
      await page.waitForTimeout(500);
      await scrollTo(page, 0);
      await page.waitForTimeout(1500);
      expect(await emitted(page)).toEqual([]);

      await scrollTo(page, IN_VIEW);
      await page.waitForTimeout(1200);
      const shown = ITEMS.slice(0, 3).map((id) => ['recommendationShown', id]);
      await expect.poll(() => emitted(page)).toEqual(shown);
      // Delivered to the platform, each once; p4 (35% in view), p5, p6 never.
      await expect.poll(() => held(platform), { timeout: 10_000 }).toEqual(shown);
      await page.waitForTimeout(1500);
      expect(held(platform)).toEqual(shown);
    });

    test('the tab hidden while the items are in view: that time does not count until visible again', async ({
      context,
      page,
    }) => {
      await openInView(context, page, path);
      await page.waitForTimeout(300);
      await setHidden(page, true);
      await page.waitForTimeout(2000);
      expect(await emitted(page)).toEqual([]);
      await setHidden(page, false);
      await page.waitForTimeout(500); // 300 + 500 ms visible, not continuous
      expect(await emitted(page)).toEqual([]);
      await page.waitForTimeout(700);
      await expect.poll(() => emitted(page)).toEqual(ITEMS.slice(0, 3).map((id) => ['recommendationShown', id]));
    });

    // The platform on real HTTPS: a request the departing page starts can outlive it, out of Playwright's routes.
    test('a click, a middle click and Enter on an item’s link each send one clicked with its position before the navigation', async ({
      baseURL,
    }) => {
      const https = await platformOverHttps();
      try {
        const { platform } = https;
        platform.faults.set('recommend', { raw: JSON.stringify(ANSWER) });
        const context = await https.browser.newContext({ baseURL });
        const page = await context.newPage();
        await open(page, path);
        await scrollTo(page, IN_VIEW);

        // A click: the product page has no svc script, so only the departing page can have sent it.
        await page.locator('#widget li:nth-child(2) a').click();
        await page.waitForURL('**/observe-next.html?p2');
        await expect
          .poll(() => held(platform).filter(([type]) => type === 'recommendationClicked'), { timeout: 10_000 })
          .toEqual([['recommendationClicked', 'p2', 2]]);

        // A middle click opens a new tab; this page stays.
        await open(page, path);
        await scrollTo(page, IN_VIEW);
        const tab = context.waitForEvent('page');
        await page.locator('#widget li:nth-child(3) a').click({ button: 'middle' });
        await (await tab).close();
        expect(await emitted(page)).toEqual([['recommendationClicked', 'p3', 3]]);

        // Enter on the focused link.
        await page.locator('#widget li:nth-child(1) a').focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/observe-next.html?p1');
        await expect
          .poll(() => held(platform).filter(([type]) => type === 'recommendationClicked'), { timeout: 10_000 })
          .toEqual([
            ['recommendationClicked', 'p2', 2],
            ['recommendationClicked', 'p3', 3],
            ['recommendationClicked', 'p1', 1],
          ]);
      } finally {
        await https.close();
      }
    });

    test('re-rendered 100 times: only the elements on the page are observed, none once the widget is gone', async ({
      context,
      page,
    }) => {
      await openInView(context, page, path);
      const shown = ITEMS.slice(0, 3).map((id) => ['recommendationShown', id]);
      await expect.poll(() => emitted(page)).toEqual(shown);
      for (let i = 0; i < 100; i++) {
        await page.evaluate(() => (window as unknown as { widget: { render(): void } }).widget.render());
      }
      await expect.poll(() => observed(page)).toBe(6);
      // The same result re-rendered: its items were shown already.
      await page.waitForTimeout(1200);
      expect(await emitted(page)).toEqual(shown);
      await page.evaluate(() => (window as unknown as { widget: { remove(): void } }).widget.remove());
      await expect.poll(() => observed(page)).toBe(0);
    });
  });
}

test('svc.min.js added twice (a theme and an app): each data-svc-item is reported shown once', async ({
  context,
  page,
}) => {
  const platform = await platformFor(context);
  await open(page, '/test-pages/observe-declarative-twice.html');
  await scrollTo(page, IN_VIEW);
  const shown = ITEMS.slice(0, 3).map((id) => ['recommendationShown', id]);
  await expect.poll(() => held(platform), { timeout: 10_000 }).toEqual(shown);
  await page.waitForTimeout(1500);
  expect(held(platform)).toEqual(shown);
});
