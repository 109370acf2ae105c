import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createMockPlatform, type MockPlatform } from '../../src/mock';
import { platformOverHttps } from './https-platform';
import { emittedRecommendationEvents, heldRecommendationEvents, routeToPlatform } from './platform-route';

// <svc-recommendations> in Chromium: a plain page (element.html, strict CSP as every test page)
// with svc.min.js and the markup only. The mock platform runs here, in Node, behind
// Playwright routes; its answer is the first `n` of six items, the first named like markup and
// the second with a `javascript:` URL. The page: 1500 px above the widget, cards 200 px high.

const TID = 'e2e_shop';
const PAGE = '/test-pages/element.html';
const NAMES = ['<img src=x onerror=alert(1)>', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth'];
const item = (name: string, i: number) => ({
  id: `p${i + 1}`,
  weight: 10 - i,
  strategy: 'popular',
  details: { name, url: i === 1 ? 'javascript:alert(1)' : `/test-pages/observe-next.html?p${i + 1}` },
});
/** Scrolled here, the viewport (1450..2170) holds cards 1..3 whole and 35% of card 4. */
const IN_VIEW = 1450;

/** Sets the platform's recommend answer to the first n items a request for n asks for. */
const answerFor = (url: URL, platform: MockPlatform) => {
  if (!url.pathname.includes('/recommend/')) return;
  const n = Number(url.searchParams.get('n') ?? 10);
  platform.faults.set('recommend', {
    raw: JSON.stringify({ status: 200, result: { items: NAMES.slice(0, n).map(item) } }),
  });
};

/** A Node-side mock platform answering every svc.example route of `context` (recommend: the first n items). */
async function platformFor(context: BrowserContext) {
  const platform = createMockPlatform();
  await routeToPlatform(context, platform, (url) => answerFor(url, platform));
  return platform;
}

const held = (platform: MockPlatform) => heldRecommendationEvents(platform, TID);
const emitted = emittedRecommendationEvents;

const observed = (page: Page) =>
  page.evaluate(() => {
    // The QA channel's gauge (src/core/qa-channel.ts): the SDK's own count, read as the QA overlay reads it.
    type Channel = { gauges: { observed(): number } };
    return (globalThis as unknown as Record<symbol, Channel>)[Symbol.for('svc.qa')].gauges.observed();
  });
const cards = (page: Page) => page.locator('#widget > a');

/** Opens the page (every console error and CSP violation collected) and waits for the widget to be ready. */
async function open(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('dialog', (dialog) => problems.push(`dialog: ${dialog.message()}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP: ${event.violatedDirective}`)),
  );
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(PAGE);
  await expect(page.locator('#widget')).toHaveAttribute('state', 'ready');
  return problems;
}

test('renders 4 cards from the mock: product names as text, no javascript: URL, under a strict CSP', async ({
  context,
  page,
}) => {
  await platformFor(context);
  const asked: (string | null)[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/vc/recommend/')) asked.push(new URL(request.url()).searchParams.get('n'));
  });
  const problems = await open(page);
  await expect(cards(page)).toHaveCount(4);
  expect(asked).toEqual(['4']);
  expect(await cards(page).allTextContents()).toEqual(NAMES.slice(0, 4));
  expect(await page.locator('#widget img').count()).toBe(0);
  expect(await cards(page).nth(1).getAttribute('href')).toBe(null);
  expect(await cards(page).nth(0).getAttribute('href')).toMatch(/\/test-pages\/observe-next\.html\?p1$/);
  expect(problems).toEqual([]);
});

// The platform on real HTTPS: a request the departing page starts can outlive it, out of Playwright's routes.
test('each card is shown after a second in view, and clicked with its position when followed', async ({ baseURL }) => {
  const https = await platformOverHttps(answerFor);
  const { platform } = https;
  try {
    const page = await (await https.browser.newContext({ baseURL })).newPage();
    await open(page);
    expect(await observed(page)).toBe(4);
    await page.waitForTimeout(1500);
    expect(await emitted(page)).toEqual([]); // below the fold

    await page.evaluate((y) => window.scrollTo(0, y), IN_VIEW);
    await page.waitForTimeout(500);
    expect(await emitted(page)).toEqual([]);
    const shown = ['p1', 'p2', 'p3'].map((id) => ['recommendationShown', id]);
    await expect.poll(() => emitted(page)).toEqual(shown);
    await expect.poll(() => held(platform), { timeout: 10_000 }).toEqual(shown);

    // Followed: the next page has no svc script, so only the departing page can have sent it.
    await cards(page).nth(2).click();
    await page.waitForURL('**/observe-next.html?p3');
    await expect
      .poll(() => held(platform), { timeout: 10_000 })
      .toEqual([...shown, ['recommendationClicked', 'p3', 3]]);
  } finally {
    await https.close();
  }
});

test('changing limit asks again and re-renders; removing the element stops every observation', async ({
  context,
  page,
}) => {
  await platformFor(context);
  await open(page);
  await expect(cards(page)).toHaveCount(4);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/vc/recommend/')) requests.push(new URL(request.url()).searchParams.get('n') ?? '');
  });
  await page.evaluate(() => document.getElementById('widget')?.setAttribute('limit', '6'));
  await expect(cards(page)).toHaveCount(6);
  expect(await cards(page).allTextContents()).toEqual(NAMES);
  await page.evaluate(() => document.getElementById('widget')?.setAttribute('limit', '2'));
  await expect(cards(page)).toHaveCount(2);
  expect(requests).toEqual(['6', '2']);
  expect(await observed(page)).toBe(2);

  await page.evaluate(() => document.getElementById('widget')?.remove());
  await expect.poll(() => observed(page)).toBe(0);
});

test('the demo shows a widget written as <svc-recommendations> (its not-found page), each card a product link', async ({
  page,
}) => {
  await page.goto('/no-such-page');
  const section = page.locator('#page section.recs-markup');
  await expect(section).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  const links = section.locator('svc-recommendations[state="ready"] > a.rec');
  await expect(links).toHaveCount(6);
  for (const link of await links.all()) {
    expect(await link.getAttribute('href')).toMatch(/^http:\/\/localhost:\d+\/product\/p\d+$/);
    expect((await link.locator('.name').textContent())?.length).toBeGreaterThan(0);
  }
});

test('server-rendered cards: ready at once, no request, shown once seen, asked again only on an attribute change', async ({
  context,
  page,
}) => {
  const platform = await platformFor(context);
  const asked: (string | null)[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/vc/recommend/')) asked.push(new URL(request.url()).searchParams.get('n'));
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/test-pages/element-server.html');
  await expect(page.locator('#widget')).toHaveAttribute('state', 'ready');
  expect(await cards(page).allTextContents()).toEqual(['Server one', 'Server two']);
  expect(await observed(page)).toBe(2);
  await page.evaluate((y) => window.scrollTo(0, y), IN_VIEW);
  const shown = ['s1', 's2'].map((id) => ['recommendationShown', id]);
  await expect.poll(() => emitted(page), { timeout: 5000 }).toEqual(shown);
  await page.evaluate(() =>
    (window as unknown as { svc: { tracker: { flush(): Promise<void> } } }).svc.tracker.flush(),
  );
  await expect.poll(() => held(platform)).toEqual(shown);
  expect(asked).toEqual([]);

  await page.locator('#widget').evaluate((element) => element.setAttribute('limit', '3'));
  await expect(cards(page)).toHaveCount(3);
  expect(asked).toEqual(['3']);
  expect(await cards(page).allTextContents()).toEqual(NAMES.slice(0, 3));
});
