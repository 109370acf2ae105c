import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { type Child, kill9, startServer } from '../mock/server/child';
import { chromiumArgs, chromiumPath } from './browser';
import { type Shop, startShop } from './first-party-shop';

// Issue 57 in Chromium: a shop page whose only origin is the shop (www.shop.example.co.uk, mapped
// to this machine), with `data-platform="/svc"`: every request of every client goes to the shop's
// platform route, which forwards it to `svc-mock serve`; the route's answers set `_svcTracker`, and
// the page holds one cookie of the name, the same id before and after.
const HOST = 'www.shop.example.co.uk';

let mock: Child;
let shop: Shop;
let browser: Browser;
let origin: string;

test.beforeAll(async () => {
  mock = await startServer([]);
  shop = await startShop(mock.url);
  origin = `http://${HOST}:${shop.port}`;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await kill9(mock.process);
});

interface Seen {
  urls: string[];
  cookies: { url: string; setCookie: string }[];
}

/** Every request `page` makes, and the Set-Cookie of every answer of the route. */
function watch(page: Page): Seen {
  const seen: Seen = { urls: [], cookies: [] };
  page.on('request', (request) => seen.urls.push(request.url()));
  page.on('response', async (response) => {
    const setCookie = (await response.allHeaders())['set-cookie'];
    if (setCookie) seen.cookies.push({ url: response.url(), setCookie });
  });
  return seen;
}

const trackerCookies = (page: Page) =>
  page.evaluate(() => document.cookie.split('; ').filter((pair) => pair.startsWith('_svcTracker=')));

// biome-ignore lint/suspicious/noExplicitAny: window.svc is the script tag's untyped global
type Svc = Record<string, any>;

test('every client goes through the route on the shop origin; its answers set the one _svcTracker', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const seen = watch(page);
    // The page with a <svc-recommendations> widget: its request goes through the route too.
    await page.goto(`${origin}/widget`);
    await expect(page.locator('svc-recommendations[state="ready"] a')).toHaveCount(4);
    const before = await page.evaluate(() => (window as unknown as { svc: Svc }).svc.tracker.visitorId as string);
    const result = await page.evaluate(async () => {
      const svc = (window as unknown as { svc: Svc }).svc;
      svc.tracker.emit('ecView', { type: 'product', language: 'en', country: 'GB', currency: 'GBP' });
      const items = await svc.recommendations({ meta: { trackingId: 'demo_shop' } }, { limit: 3 }).get();
      await svc.recommendations({ meta: { trackingId: 'demo_shop' } }).shown(items[0]);
      const kv = svc.createStash('kv', 'demo_shop', { namespace: 'fp' });
      await kv.set('greeting', 'first-party');
      const greeting = await kv.get('greeting');
      const experiences = svc.createExperiencesClient({ trackingId: 'demo_shop' });
      const found = await experiences.getExperiences({ contextId: svc.tracker.visitorId });
      const views = await Promise.all(found.experiencePayloads.map((p: unknown) => experiences.seen(p)));
      const integration = await svc
        .createIntegration('no-such-integration', { trackingId: 'demo_shop' })
        .execute({}, {})
        .then(
          () => 'ok',
          (error: { code: string }) => error.code,
        );
      await svc.tracker.flush();
      return { items: items.length, greeting, views: views.map((v: { ok: boolean }) => v.ok), integration };
    });
    expect(result.items).toBe(3);
    expect(result.greeting).toBe('first-party');
    expect(result.views.length).toBeGreaterThan(0);
    expect(result.views.every(Boolean)).toBe(true);
    // Through the route to the platform's own answer: no such integration.
    expect(result.integration).toBe('NOT_FOUND');
    // The shop's origin and nothing else: the page, the script and the route.
    expect(seen.urls.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    const routed = seen.urls.map((url) => new URL(url).pathname).filter((path) => path.startsWith('/svc/'));
    for (const path of [
      '/svc/events/v1/',
      '/svc/vc/recommend/2.1/',
      '/svc/stash/v1.1/kv/',
      '/svc/v1/demo_shop/experiences',
      '/svc/v1/callback',
      '/svc/v1/demo_shop/integrations/',
    ])
      expect(
        routed.some((p) => p.startsWith(path)),
        path,
      ).toBe(true);
    // Set-Cookie on the route's answers, as the tracker writes the cookie: the registrable domain, a year.
    await expect.poll(() => seen.cookies.length).toBeGreaterThan(0);
    for (const { url, setCookie } of seen.cookies) {
      expect(new URL(url).pathname).toMatch(/^\/svc\//);
      expect(setCookie).toMatch(
        new RegExp(
          `^_svcTracker=${before}; Max-Age=31536000; Domain=example\\.co\\.uk; Path=/; Expires=[^;]+; SameSite=Lax`,
        ),
      );
    }
    // The events arrived at the platform, from this visitor.
    const received = (await (await fetch(`${mock.url}/__svc/inspect/events/received/demo_shop`)).json()) as {
      meta: { visitorId: string; type: string };
    }[];
    expect(received.filter((e) => e.meta.visitorId === before).map((e) => e.meta.type)).toContain('ecView');
    // One _svcTracker on the page, the same id before and after; and after a reload.
    expect(await trackerCookies(page)).toEqual([`_svcTracker=${before}`]);
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { svc: Svc }).svc.tracker.visitorId)).toBe(before);
    expect(await trackerCookies(page)).toEqual([`_svcTracker=${before}`]);
    const jar = (await context.cookies()).filter((c) => c.name === '_svcTracker');
    expect(jar.map((c) => [c.domain, c.value])).toEqual([['.example.co.uk', before]]);
  } finally {
    await context.close();
  }
});

test("a new visitor's first request is the experiences answer: the route sets its id, the tracker keeps it", async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The tag without a tracking id (no tracker started), data-platform only.
    await page.goto(`${origin}/untracked`);
    expect(await trackerCookies(page)).toEqual([]);
    const { contextId, visitorId } = await page.evaluate(async () => {
      const svc = (window as unknown as { svc: Svc }).svc;
      const found = await svc.createExperiencesClient({ trackingId: 'demo_shop' }).getExperiences();
      const tracker = svc.createTracker({ trackingId: 'demo_shop' });
      return { contextId: found.contextId as string, visitorId: tracker.visitorId as string };
    });
    expect(visitorId).toBe(contextId);
    expect(await trackerCookies(page)).toEqual([`_svcTracker=${contextId}`]);
    const jar = (await context.cookies()).filter((c) => c.name === '_svcTracker');
    expect(jar.map((c) => [c.domain, c.value])).toEqual([['.example.co.uk', contextId]]);
  } finally {
    await context.close();
  }
});
