import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEFAULT_HEADLINE, HERO_EXPERIENCE, TIMEOUT_MS, TRACKING_ID } from '../app/shop';

// The shop as a visitor's Chromium gets it from `next start`, against `svc-mock serve` (SVC_ENDPOINT):
// what reached the platform is read from the mock's admin API. scripts/example-next.mjs starts both.

const platform = process.env.SVC_ENDPOINT ?? 'http://127.0.0.1:4010';
const PRODUCT = '/product/p001';

interface PlatformEvent {
  meta: { type: string; visitorId: string; ts: number };
  data: { id: string; strategy: string; weight: number; position?: number };
}

/** The recommendation events of `type` the platform received from `visitorId`, oldest first. */
async function eventsOf(request: APIRequestContext, visitorId: string, type: string): Promise<PlatformEvent[]> {
  const response = await request.get(`${platform}/__svc/inspect/events/received/${TRACKING_ID}`);
  const events = (await response.json()) as PlatformEvent[];
  return events.filter((event) => event.meta.visitorId === visitorId && event.meta.type === type);
}

/** The visitor id the shop gave this browser (the `_svcTracker` cookie). */
async function visitorOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === '_svcTracker');
  if (!cookie) throw new Error('no _svcTracker cookie');
  return cookie.value;
}

/**
 * A new visitor id that the platform buckets into the hero's control group, or into a variation
 * (bucketing is deterministic in the id), with the headline it serves that visitor.
 */
async function visitorIn(request: APIRequestContext, group: 'control' | 'variation') {
  for (let tries = 0; tries < 200; tries++) {
    const id = `e2e-${randomUUID()}`;
    const response = await request.get(
      `${platform}/v1/${TRACKING_ID}/experiences?contextId=${id}&experienceIds=${HERO_EXPERIENCE}`,
    );
    const [hero] = (await response.json()).experiencePayloads;
    if (hero.isControl === (group === 'control')) return { id, headline: String(hero.payload.headline ?? '') };
  }
  throw new Error(`no visitor in the ${group} group after 200 ids`);
}

/** The shop's origin (playwright.config.ts's baseURL). */
const shopUrl = () => test.info().project.use.baseURL!;

/** Makes `visitorId` the browser's visitor, as the shop's cookie of an earlier visit. */
const returning = (context: BrowserContext, visitorId: string) =>
  context.addCookies([{ name: '_svcTracker', value: visitorId, url: shopUrl() }]);

/** The text of an HTML text node as React writes it (it escapes these five). */
const textOf = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#x27);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? "'",
  );

/**
 * Once React hydrated the cards (its own properties are on the server's elements): their observers
 * are attached from then on. A click before it is a plain link's, which no script sees.
 */
async function hydrated(page: Page) {
  await expect(page.locator('.card')).toHaveCount(4);
  for (const link of await page.locator('.card a').all())
    await expect.poll(() => link.evaluate((a) => Object.keys(a).some((k) => k.startsWith('__react')))).toBe(true);
}

/** Console errors and warnings (a hydration mismatch is one), uncaught errors and failed requests of `page`. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

test('the first response holds the experience headline and the four cards, before any script runs', async ({
  context,
  page,
  request,
}) => {
  const visitor = await visitorIn(request, 'variation');
  expect(visitor.headline).not.toBe('');
  await returning(context, visitor.id);
  const response = await page.goto(PRODUCT);
  const html = await response!.text();
  const hero = /<p class="hero">([^<]*)<\/p>/.exec(html)?.[1];
  expect(hero && textOf(hero)).toBe(visitor.headline);
  const cards = [...html.matchAll(/<li class="card" data-product="([^"]+)"><a href="\/product\/([^"]+)"/g)];
  expect(cards).toHaveLength(4);
  // The page the browser shows, hydrated, is the server's.
  await expect(page.locator('.hero')).toHaveText(visitor.headline);
  await expect(page.locator('.card')).toHaveCount(4);
  expect(await page.locator('.card').evaluateAll((li) => li.map((e) => e.getAttribute('data-product')))).toEqual(
    cards.map(([, id]) => id),
  );
});

test('nothing moves: no layout shift after load, and hydration says nothing', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto(PRODUCT, { waitUntil: 'load' });
  await hydrated(page);
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const values: number[] = [];
        // Buffered: every shift since the navigation started, delivered in the observer's first call.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) values.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(values), 100);
      }),
  );
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  expect(problems).toEqual([]);
});

test("the browser's requests go to the shop's origin and nowhere else: its events through /svc, no recommendations", async ({
  context,
  page,
  request,
}) => {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  await page.goto(PRODUCT);
  const visitorId = await visitorOf(context);
  // The browser's client is live: the cards' impressions reached the platform, through the shop's route.
  await expect.poll(async () => (await eventsOf(request, visitorId, 'recommendationShown')).length).toBe(4);
  const shop = new URL(shopUrl()).origin;
  expect(urls.filter((url) => new URL(url).origin !== shop)).toEqual([]);
  const routed = urls.map((url) => new URL(url).pathname).filter((path) => path.startsWith('/svc/'));
  expect(routed.length).toBeGreaterThan(0);
  expect(routed.filter((path) => path !== `/svc/events/v1/${TRACKING_ID}`)).toEqual([]);
});

test("the route's answers set the visitor's _svcTracker again from the shop's server", async ({ context, page }) => {
  const visitor = randomUUID();
  await returning(context, visitor);
  const cookies: string[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.startsWith('/svc/')) cookies.push((await response.allHeaders())['set-cookie'] ?? '');
  });
  await page.goto(PRODUCT);
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie).toMatch(new RegExp(`^_svcTracker=${visitor}; Max-Age=31536000; Path=/; `));
  const jar = (await context.cookies()).filter((c) => c.name === '_svcTracker');
  expect(jar.map((c) => c.value)).toEqual([visitor]);
});

test('a card seen for a second is reported shown once', async ({ context, page, request }) => {
  await page.goto(PRODUCT);
  const visitorId = await visitorOf(context);
  const cards = await page.locator('.card').evaluateAll((li) => li.map((e) => e.getAttribute('data-product')));
  expect(cards).toHaveLength(4);
  const shown = async () => (await eventsOf(request, visitorId, 'recommendationShown')).map((event) => event.data.id);
  await expect.poll(async () => (await shown()).sort()).toEqual([...cards].sort());
  // Once: a while later, still one event per card.
  await page.waitForTimeout(1500);
  expect((await shown()).sort()).toEqual([...cards].sort());
  // After a second in view, not before: each event's time against the page's start, both the browser's clock.
  const start = await page.evaluate(() => performance.timeOrigin);
  for (const event of await eventsOf(request, visitorId, 'recommendationShown'))
    expect(event.meta.ts - start).toBeGreaterThanOrEqual(1000);
});

test('a followed card is reported clicked at its position', async ({ context, page, request }) => {
  await page.goto(PRODUCT);
  await hydrated(page);
  const visitorId = await visitorOf(context);
  const second = page.locator('.card').nth(1);
  const id = await second.getAttribute('data-product');
  await second.locator('a').click();
  await page.waitForURL(`**/product/${id}`);
  const clicked = async () =>
    (await eventsOf(request, visitorId, 'recommendationClicked')).map((event) => [event.data.id, event.data.position]);
  await expect.poll(clicked).toEqual([[id, 2]]);
});

test('the first response sets _svcTracker for a new visitor; a returning one keeps theirs', async ({
  context,
  page,
}) => {
  const first = await page.goto(PRODUCT);
  const setCookie = await first!.headerValue('set-cookie');
  const id = /^_svcTracker=([a-z0-9-]+); /.exec(setCookie ?? '')?.[1];
  expect(id, `Set-Cookie: ${setCookie}`).toBeTruthy();
  expect(setCookie).toMatch(/; Path=\/(;|$)/);
  expect(setCookie).toMatch(/; SameSite=Lax(;|$)/);
  expect(await visitorOf(context)).toBe(id);
  const again = await page.goto(PRODUCT);
  expect(await again!.headerValue('set-cookie')).toBeNull();
  expect(await visitorOf(context)).toBe(id);
});

test('with the platform slower than the timeout, the defaults come within the timeout plus 200 ms', async ({
  browser,
  request,
}) => {
  // A visitor the platform would show a headline: the default one then says the experiences timed out.
  const visitor = await visitorIn(request, 'variation');
  const slow = { latencyMs: TIMEOUT_MS * 5 };
  for (const route of ['experiences', 'recommend']) {
    expect((await request.put(`${platform}/__svc/faults/${route}`, { data: slow })).ok()).toBe(true);
  }
  try {
    // The whole page as a plain HTTP client receives it, timed here, while no page of the browser starts
    // (a new page's renderer takes the CPU a 2-core machine's shop needs). Chromium's own stamps
    // (Navigation Timing, the DevTools protocol) come from processes that run the page's scripts from
    // its first bytes on: on a busy machine they put the end 100-450 ms after a plain client had it all.
    const started = performance.now();
    const response = await fetch(new URL(PRODUCT, shopUrl()), {
      headers: { cookie: `_svcTracker=${visitor.id}`, 'accept-encoding': 'gzip, br' },
    });
    const html = await response.text();
    const took = performance.now() - started;
    expect(took).toBeLessThanOrEqual(TIMEOUT_MS + 200);
    expect(textOf(/<p class="hero">([^<]*)<\/p>/.exec(html)?.[1] ?? '')).toBe(DEFAULT_HEADLINE);
    expect(html).not.toContain('<li class="card"');
    // The browser shows that page.
    const context = await browser.newContext({ baseURL: shopUrl() });
    try {
      await returning(context, visitor.id);
      const page = await context.newPage();
      await page.goto(PRODUCT);
      await expect(page.locator('.hero')).toHaveText(DEFAULT_HEADLINE);
      await expect(page.locator('.card')).toHaveCount(0);
    } finally {
      await context.close();
    }
  } finally {
    await request.delete(`${platform}/__svc/faults`, { headers: { 'content-type': 'application/json' } });
  }
});

test('every experience rendered is recorded as seen, the control group included', async ({
  context,
  page,
  request,
}) => {
  for (const group of ['control', 'variation'] as const) {
    const visitor = await visitorIn(request, group);
    await context.clearCookies();
    await returning(context, visitor.id);
    await page.goto(PRODUCT);
    await expect(page.locator('.hero')).toHaveText(group === 'control' ? DEFAULT_HEADLINE : visitor.headline);
    const views = async () => {
      const response = await request.get(`${platform}/__svc/inspect/experiences/views/${TRACKING_ID}`);
      return ((await response.json()) as { contextId: string; experience: number; isControl: boolean }[])
        .filter((view) => view.contextId === visitor.id)
        .map((view) => [view.experience, view.isControl]);
    };
    await expect.poll(views).toEqual([[HERO_EXPERIENCE, group === 'control']]);
  }
});
