import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type Child, kill9, startServer } from '../mock/server/child';

// Issue 29's acceptance in Chromium: a plain storefront (test/e2e/pages/qa-shop.*) served from one
// origin with svc.min.js and svc-qa.js from that origin and a strict CSP, the platform
// (`svc-mock serve`) on another origin, and a second `svc-mock serve` as the mock a QA tab may be
// pointed at.
const dist = join(import.meta.dirname, '..', '..', 'dist');
const pages = join(import.meta.dirname, 'pages');
const docs = join(import.meta.dirname, '..', '..', 'docs');

let platform: Child;
let mock: Child;
let shop: Server;
let shopUrl: string;
/** Paths the shop's server was asked for, in order. */
const served: string[] = [];

/**
 * The shop's server: `/` (no data-qa), `/staging` (data-qa="url mock"), `/url-only` (data-qa="url"),
 * `/trusted-types` (data-qa="url mock", and the page requires Trusted Types with no policy for svc-qa.js).
 */
function startShop(): Promise<Server> {
  const files: Record<string, [string, string]> = {
    '/svc.min.js': [join(dist, 'svc.min.js'), 'text/javascript'],
    '/svc-qa.js': [join(dist, 'svc-qa.js'), 'text/javascript'],
    '/shop.js': [join(pages, 'qa-shop.js'), 'text/javascript'],
    '/shop.css': [join(pages, 'qa-shop.css'), 'text/css'],
  };
  const qa: Record<string, string> = {
    '/': '',
    '/staging': ' data-qa="url mock"',
    '/url-only': ' data-qa="url"',
    '/trusted-types': ' data-qa="url mock"',
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://shop').pathname;
    served.push(path);
    const trustedTypes = path === '/trusted-types' ? "; require-trusted-types-for 'script'" : '';
    const csp = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${platform.url} ${mock.url}; img-src 'self'; object-src 'none'; base-uri 'none'${trustedTypes}`;
    if (files[path]) {
      res.writeHead(200, { 'Content-Type': files[path][1] });
      return res.end(readFileSync(files[path][0]));
    }
    if (!(path in qa)) return res.writeHead(404).end();
    const html = readFileSync(join(pages, 'qa-shop.html'), 'utf8')
      .replaceAll('{{PLATFORM}}', platform.url)
      .replace(' data-qa="QA_WORDS"', qa[path]);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp });
    res.end(html);
  });
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve(server)));
}

test.beforeAll(async () => {
  [platform, mock] = await Promise.all([startServer([]), startServer([])]);
  shop = await startShop();
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await Promise.all([kill9(platform.process), kill9(mock.process)]);
  await new Promise((resolve) => shop.close(resolve));
});

/** Every CSP violation the browser reports on the console, and every error reaching the page. */
function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Opens the shop at `path` and waits for its widget; resolves the recommended ids. */
async function openShop(page: Page, path: string): Promise<string[]> {
  await page.goto(shopUrl + path);
  return page.evaluate(() => (window as unknown as { shop: { ready: Promise<string[]> } }).shop.ready);
}

type PageSvc = { svc: { tracker: { flush(): Promise<void>; visitorId: string } } };
/** `svc.tracker.flush()` in the page (window.svc is the script tag's global). */
const flush = (page: Page) => page.evaluate(() => (window as unknown as PageSvc).svc.tracker.flush());
/** `svc.tracker.visitorId` in the page. */
const visitorIdOf = (page: Page) => page.evaluate(() => (window as unknown as PageSvc).svc.tracker.visitorId);

/** Opens the overlay from the console, as QA would, and waits for it. */
async function openOverlay(page: Page) {
  await page.evaluate(() => (window as unknown as { svc: { qa(): void } }).svc.qa());
  await expect(page.locator('svc-qa-overlay [data-svc-qa="overlay"]')).toBeVisible();
}

/** The text of each row of a panel's table, as arrays of cells. */
const rowsOf = (page: Page, panel: string) =>
  page
    .locator(`svc-qa-overlay [data-panel="${panel}"] tbody tr`)
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));

/** Computed styles of the page's own elements that a leaking stylesheet would change. */
const pageStyles = (page: Page) =>
  page.evaluate(() =>
    ['body', 'h1', '.lead', 'h2', '#recommended li', '#recommended a'].map((selector) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      return [selector, style.color, style.fontFamily, style.fontSize, style.margin, style.display, style.boxSizing];
    }),
  );

/** What the overlay's mock switch writes, before the page's scripts run: the URL, and its cookie. */
const switchToMock = (url: string) => {
  sessionStorage.setItem('svc-qa-mock', url);
  document.cookie = 'svc_qa_mock=1; Path=/';
};

test('svc.qa() on a plain shop lists the page view, the get, the impressions and the deliveries; CSP clean, styles kept, closing leaves the DOM as it was', async ({
  page,
}) => {
  const problems = watchPage(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const ids = await openShop(page, '/');
  expect(ids).toHaveLength(4);
  // Two cards in view (the spacer is 1200 px, each card 400 px, the viewport 800 px): shown after their second.
  await page.evaluate(() => window.scrollTo(0, document.getElementById('recommended')!.offsetTop));
  await page.waitForTimeout(1500);
  await page.locator('#recommended a').first().click();
  await flush(page);
  const before = { styles: await pageStyles(page), dom: await page.evaluate(() => document.documentElement.outerHTML) };

  await openOverlay(page);
  await expect(page.locator('svc-qa-overlay [data-svc-qa="overlay"]')).toBeVisible();
  await expect(page.locator('svc-qa-overlay button', { hasText: 'Close' })).toBeFocused();
  const events = await rowsOf(page, 'events');
  const delivered = (type: string) => events.filter((row) => row[1] === type && row[2] === 'acknowledged').length;
  expect(delivered('ecView')).toBe(1);
  expect(delivered('recommendationShown')).toBe(2);
  expect(delivered('recommendationClicked')).toBe(1);
  const [get] = await rowsOf(page, 'recommendations');
  expect(get[1]).toBe('popular');
  expect(get[4]).toBe(ids.map((id) => `${id} (popular)`).join(', '));
  expect(get[6]).toBe(''); // no error code
  const impressions = await rowsOf(page, 'impressions');
  expect(impressions).toHaveLength(4);
  expect(impressions.filter((row) => row[4] === 'yes').map((row) => row[0])).toEqual(ids.slice(0, 2).reverse());
  expect(impressions.filter((row) => row[3] === 'clicked').map((row) => row[0])).toEqual([ids[0]]);
  expect(impressions.filter((row) => row[3] === 'waiting').map((row) => row[0])).toEqual(ids.slice(2).reverse());
  const visitor = page.locator('svc-qa-overlay [data-panel="visitor"]');
  await expect(visitor).toContainText(await visitorIdOf(page));
  await expect(visitor).toContainText('generated on this page');
  await expect(visitor).toContainText('Elements observed4');

  // Styles: the page's are untouched, and none of them reach the overlay (the body's red, the buttons' monospace).
  expect(await pageStyles(page)).toEqual(before.styles);
  const title = page.locator('svc-qa-overlay h2');
  await expect(title).toHaveCSS('color', 'rgb(26, 26, 26)');
  const close = page.locator('svc-qa-overlay button', { hasText: 'Close' });
  await expect(close).toHaveCSS('color', 'rgb(26, 26, 26)');
  expect(await close.evaluate((button) => getComputedStyle(button).fontFamily)).not.toMatch(/monospace/);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

  await page.locator('svc-qa-overlay button', { hasText: 'Close' }).click();
  await expect(page.locator('svc-qa-overlay')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before.dom);
  // Its listener is gone from the channel too.
  const listening = await page.evaluate(() => {
    const channel = (globalThis as unknown as Record<symbol, { listener?: unknown }>)[Symbol.for('svc.qa')];
    return channel.listener !== undefined;
  });
  expect(listening).toBe(false);
  expect(problems).toEqual([]);
});

test('?svc-qa is ignored without data-qa (svc-qa.js never requested) and opens the overlay with data-qa="url"', async ({
  page,
}) => {
  served.length = 0;
  await openShop(page, '/?svc-qa');
  await page.waitForTimeout(500);
  await expect(page.locator('svc-qa-overlay')).toHaveCount(0);
  expect(served).not.toContain('/svc-qa.js');
  expect(served).toContain('/svc.min.js');

  await openShop(page, '/url-only?svc-qa');
  await expect(page.locator('svc-qa-overlay [data-svc-qa="overlay"]')).toBeVisible();
  expect(served).toContain('/svc-qa.js');
  // data-qa="url" alone offers no mock switch.
  await expect(page.locator('svc-qa-overlay [data-panel="mock"]')).toHaveCount(0);
});

test('no URL parameter alone changes where the SDK sends requests', async ({ page }) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const parameters = `svc-qa&svc-qa-mock=${encodeURIComponent(mock.url)}&mock=${encodeURIComponent(mock.url)}&endpoint=${encodeURIComponent(mock.url)}`;
  for (const path of ['/', '/url-only', '/staging']) {
    await openShop(page, `${path}?${parameters}`);
    await flush(page);
  }
  expect([...origins].sort()).toEqual([platform.url, shopUrl].sort());
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await expect(page.locator('svc-qa-banner')).toHaveCount(0);
});

test('the mock switch: offered with data-qa="mock", kept for this tab, a banner, an event sent to the mock, one click back', async ({
  page,
  context,
}) => {
  await openShop(page, '/staging');
  // What this page queued goes to the platform first (the queue outlives the page: see docs/qa.md).
  await flush(page);
  await openOverlay(page);
  await page.locator('svc-qa-overlay #svc-qa-mock-url').fill(mock.url);
  await page.locator('svc-qa-overlay button', { hasText: 'Answer this tab from the mock' }).click();
  await page.waitForURL(`${shopUrl}/staging`);
  await page.evaluate(() => (window as unknown as { shop: { ready: Promise<string[]> } }).shop.ready);
  await expect(page.locator('svc-qa-banner')).toContainText(`answered by the mock at ${mock.url}`);

  // Everything now goes to the mock, the page's own setEndpoints and data-endpoint notwithstanding.
  const visitorId = await visitorIdOf(page);
  await page.locator('svc-qa-overlay #svc-qa-event-type').fill('ecView');
  await page.locator('svc-qa-overlay button', { hasText: 'Send to the mock' }).click();
  await expect(page.locator('svc-qa-overlay [role="alert"]')).toContainText('Sent ecView to the mock');
  const received = async (server: Child) => {
    const answer = await fetch(`${server.url}/__svc/inspect/events/received/demo_shop`);
    const events: { meta: { visitorId: string; type: string }; data: { type?: string } }[] = await answer.json();
    return events.filter((e) => e.meta.visitorId === visitorId).map((e) => `${e.meta.type}:${e.data.type ?? ''}`);
  };
  expect(await received(mock)).toEqual(['ecView:category', 'ecView:home']);

  // Another tab of the same browser is not pointed at the mock.
  const other = await context.newPage();
  const otherRequests: string[] = [];
  other.on('request', (request) => otherRequests.push(new URL(request.url()).origin));
  await openShop(other, '/staging');
  await expect(other.locator('svc-qa-banner')).toHaveCount(0);
  expect(otherRequests).not.toContain(mock.url);

  await page.locator('svc-qa-banner button', { hasText: 'Back to the platform' }).click();
  await page.waitForURL(`${shopUrl}/staging`);
  await page.evaluate(() => (window as unknown as { shop: { ready: Promise<string[]> } }).shop.ready);
  await expect(page.locator('svc-qa-banner')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('svc-qa-mock'))).toBeNull();
});

test('the mock banner takes its own room above the page, and the whole width once the overlay closes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(switchToMock, mock.url);
  await openShop(page, '/staging');
  const banner = page.locator('svc-qa-banner');
  await expect(banner).toContainText(`answered by the mock at ${mock.url}`);
  const bannerBox = (await banner.boundingBox())!;
  const heading = (await page.locator('h1').boundingBox())!;
  // Nothing of the page under the banner: the shop's first heading starts below it.
  expect(heading.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
  // With the side panel open, the banner's button stays left of it and can be clicked.
  const back = page.locator('svc-qa-banner button', { hasText: 'Back to the platform' });
  const panel = (await page.locator('svc-qa-overlay [data-svc-qa="overlay"]').boundingBox())!;
  const button = (await back.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(panel.x);
  await page.locator('svc-qa-overlay button', { hasText: 'Close' }).click();
  await expect(page.locator('svc-qa-overlay')).toHaveCount(0);
  const closed = (await banner.locator('.banner').boundingBox())!;
  expect([closed.x, closed.width]).toEqual([0, 1280]);
  // The button is back at the right end, where the side panel was.
  const after = (await back.boundingBox())!;
  expect(after.x + after.width).toBeGreaterThan(1280 - 480);
});

for (const width of [390, 1280]) {
  test(`axe finds no serious or critical violation with the overlay open at ${width} px; keyboard; layout`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await openShop(page, '/staging');
    await flush(page);
    await openOverlay(page);
    const sheet = page.locator('svc-qa-overlay [data-svc-qa="overlay"]');
    await expect(sheet.locator('[data-panel="events"] tbody tr').first()).toContainText('acknowledged');
    // docs/qa.md's screenshots: UPDATE_DOCS_SCREENSHOTS=1 npx playwright test test/e2e/qa-overlay.spec.ts -g axe
    const shot = await page.screenshot();
    if (process.env.UPDATE_DOCS_SCREENSHOTS)
      writeFileSync(join(docs, `qa-${width === 390 ? 'phone' : 'desktop'}.png`), shot);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    const box = (await sheet.boundingBox())!;
    if (width === 390) {
      // A bottom sheet: the whole width, on the bottom edge, at most 70% of the height.
      expect([box.x, box.width, Math.round(box.y + box.height)]).toEqual([0, 390, 844]);
      expect(box.height).toBeLessThanOrEqual(844 * 0.7 + 1);
    } else expect([Math.round(box.x + box.width), box.height]).toEqual([1280, 844]);
    // Keyboard: Tab reaches the panels' summaries; Space folds one; Escape closes.
    await page.keyboard.press('Tab');
    await expect(page.locator('svc-qa-overlay summary').first()).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('svc-qa-overlay details').first()).not.toHaveAttribute('open');
    await page.keyboard.press('Escape');
    await expect(page.locator('svc-qa-overlay')).toHaveCount(0);
  });
}

/** What the SDK of the page has started: window.svc, its tracker, the element's definition. */
const sdkOf = (page: Page) =>
  page.evaluate(() => ({
    svc: typeof (window as unknown as { svc?: unknown }).svc,
    tracker: typeof (window as unknown as { svc?: { tracker?: unknown } }).svc?.tracker,
    element: typeof customElements.get('svc-recommendations'),
  }));

test('an overlay the page refuses (Trusted Types without a policy for svc-qa.js) never stops the SDK', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(`${shopUrl}/trusted-types?svc-qa`);
  await expect.poll(() => errors.some((e) => e.includes('the QA overlay could not open'))).toBe(true);
  expect(await sdkOf(page)).toEqual({ svc: 'object', tracker: 'object', element: 'function' });
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  expect(errors.find((e) => e.includes('could not open'))).toContain("require-trusted-types-for 'script'");
  await flush(page);
  const received = await (await fetch(`${platform.url}/__svc/inspect/events/received/demo_shop`)).json();
  expect(received.map((e: { meta: { visitorId: string } }) => e.meta.visitorId)).toContain(await visitorIdOf(page));
});

test('a tab pointed at a mock on a page that refuses the overlay: the SDK runs, answered by the mock', async ({
  page,
}) => {
  await page.addInitScript(switchToMock, mock.url);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${shopUrl}/trusted-types`);
  expect(await sdkOf(page)).toEqual({ svc: 'object', tracker: 'object', element: 'function' });
  await flush(page);
  const visitorId = await visitorIdOf(page);
  const received = await (await fetch(`${mock.url}/__svc/inspect/events/received/demo_shop`)).json();
  expect(received.map((e: { meta: { visitorId: string } }) => e.meta.visitorId)).toContain(visitorId);
  expect(errors).toEqual([]);
});

test("an error inside the overlay is shown in it and never reaches the page's onerror", async ({ page }) => {
  const problems = watchPage(page);
  await openShop(page, '/');
  await page.evaluate(() => {
    (window as unknown as { pageErrors: number }).pageErrors = 0;
    window.onerror = () => {
      (window as unknown as { pageErrors: number }).pageErrors += 1;
    };
  });
  await openOverlay(page);
  // A record the overlay cannot read: its render throws.
  await page.evaluate(() => {
    type Channel = { records: unknown[]; listener?: () => void };
    const channel = (globalThis as unknown as Record<symbol, Channel>)[Symbol.for('svc.qa')];
    channel.records.push({ area: 'send', at: Date.now(), events: [{ json: 'not JSON' }] });
    channel.listener?.();
  });
  await expect(page.locator('svc-qa-overlay [role="alert"]')).toContainText('The QA overlay failed');
  expect(await page.evaluate(() => (window as unknown as { pageErrors: number }).pageErrors)).toBe(0);
  expect(problems).toEqual([]);
});

test('the demo opens the same overlay (its Trusted Types policy admits svc-qa.js)', async ({ page }) => {
  const problems = watchPage(page);
  await page.goto('/');
  await expect(page.locator('.recs-items li').first()).toBeVisible();
  await page.locator('#open-overlay').click();
  const sheet = page.locator('svc-qa-overlay [data-svc-qa="overlay"]');
  await expect(sheet).toBeVisible();
  // The home page's three widgets (their gets run side by side: any order).
  const gets = sheet.locator('[data-panel="recommendations"] tbody tr td:nth-child(2)');
  await expect(gets).toHaveCount(3);
  expect((await gets.allTextContents()).sort()).toEqual(['new', 'popular', 'trending']);
  await expect(sheet.locator('[data-panel="visitor"]')).toContainText('Consent');
  expect(problems).toEqual([]);
});
