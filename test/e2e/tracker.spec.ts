import { type BrowserContext, chromium, expect, type Page, type Route, test } from '@playwright/test';
import { getResponse } from 'msw';
import { createHandlers, createMockPlatform, type Fault, type MockPlatform } from '../../src/mock';
import { chromiumArgs, chromiumPath } from './browser';
import { ELSEWHERE, eventIds, platformOverHttps } from './https-platform';

// The tracker in Chromium against @svc/mock. The mock platform runs here, in Node, behind
// Playwright routes: it outlives the pages, so "emit, navigate away, then count" counts what
// really reached the platform. Routes may miss a request a page starts as it unloads (after
// `beforeunload`, in `pagehide`): the tests of page exit to another site (at the end) serve the
// platform over real HTTPS instead (./https-platform.ts).

const TID = 'e2e_shop';
const PAGE = '/test-pages/tracker.html';
const NEXT = '/test-pages/tracker.html?next';
const EVENTS = 'https://events.svc.example/**';

interface Sent {
  /** The tab whose route saw the request. */
  tab: string;
  status: number | 'failed';
  ids: string[];
}

/** Whether the emulated network is down. Routes catch requests before Chromium's offline emulation would fail them, so they check this. */
const network = { offline: false };
test.afterEach(() => {
  network.offline = false;
});

/** Takes the context offline (Chromium's emulation: navigator.onLine, `online` events) and the routes with it. */
async function setOffline(context: BrowserContext, offline: boolean) {
  network.offline = offline;
  await context.setOffline(offline);
}

/** A Node-side mock platform answering the events endpoint of every page of `context`. */
async function platformFor(context: BrowserContext) {
  const platform = createMockPlatform();
  const sent: Sent[] = [];
  await context.route(EVENTS, forward(platform, sent, 'context'));
  return { platform, sent };
}

/** Forwards a request caught by Playwright to the mock's MSW handlers and fulfils it with their answer. */
function forward(platform: MockPlatform, sent: Sent[], tab: string) {
  const handlers = createHandlers(platform);
  return async (route: Route) => {
    const req = route.request();
    if (network.offline) {
      sent.push({ tab, status: 'failed', ids: [] });
      return route.abort('internetdisconnected');
    }
    const body = req.postDataBuffer() ?? Buffer.alloc(0);
    const ids = eventIds(new URL(req.url()), body);
    const request = new Request(req.url(), {
      method: req.method(),
      headers: req.headers(),
      body: req.method() === 'POST' ? new Uint8Array(body) : undefined,
    });
    const response = await getResponse(handlers, request);
    if (!response || response.type === 'error') {
      sent.push({ tab, status: 'failed', ids });
      return route.abort('internetdisconnected');
    }
    sent.push({ tab, status: response.status, ids });
    await route.fulfill({
      status: response.status,
      headers: {
        ...Object.fromEntries(response.headers),
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'Retry-After',
      },
      body: Buffer.from(await response.arrayBuffer()),
    });
  };
}

/** Emits `n` ecProduct events (productId p0..p{n-1}) on the page's automatic tracker, then runs `then` in the same task. */
async function emit(page: Page, n: number, then = '') {
  await page.evaluate(
    ([n, then]) => {
      const tracker = (window as unknown as { svc: { tracker: { emit(type: string, data: unknown): unknown } } }).svc
        .tracker;
      for (let i = 0; i < n; i++) tracker.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}` } });
      if (then) location.href = then;
    },
    [n, then] as const,
  );
}

/** The page view's events the platform holds: asserts each of seq 1..n is there exactly once. */
function expectAll(platform: MockPlatform, pageViewId: string, n: number) {
  const held = platform.inspect.events.received(TID).filter((e) => e.meta.pageViewId === pageViewId);
  expect(held.map((e) => e.meta.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  expect(new Set(held.map((e) => e.meta.id)).size).toBe(n);
  expect(held.map((e) => (e.data.product as { productId: string }).productId).sort()).toEqual(
    Array.from({ length: n }, (_, i) => `p${i}`).sort(),
  );
}

const pageViewIdOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { svc: { tracker: { pageViewId: string } } }).svc.tracker.pageViewId);
const heldCount = (platform: MockPlatform, pageViewId: string) =>
  platform.inspect.events.received(TID).filter((e) => e.meta.pageViewId === pageViewId).length;

test.describe('delivery: nothing lost', () => {
  /** 500 events, an immediate navigation, then waits until the platform holds all 500, each once. */
  async function fiveHundredThenNavigate(context: BrowserContext, page: Page, fault?: Fault) {
    const { platform, sent } = await platformFor(context);
    if (fault) platform.faults.set('events', fault);
    await page.goto(PAGE);
    const first = await pageViewIdOf(page);
    await emit(page, 500, NEXT);
    await page.waitForURL(`**${NEXT}`);
    await expect.poll(() => heldCount(platform, first), { timeout: 30_000 }).toBe(500);
    expectAll(platform, first, 500);
    return sent;
  }

  test('500 events then an immediate navigation: the platform holds all 500, each once', async ({ context, page }) => {
    const sent = await fiveHundredThenNavigate(context, page);
    expect(sent.every((s) => s.status === 200)).toBe(true);
    // The next page took over what the first left behind: its storage holds no queue any more.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('_svcq:')).length))
      .toBe(0);
  });

  // The platform refusing the first attempts: every event still arrives once, after exactly
  // those refusals.
  for (const { name, fault, refusals } of [
    { name: 'the platform failing the first 3 attempts (503)', fault: { status: 503, times: 3 }, refusals: 3 },
    { name: '429 and Retry-After', fault: { status: 429, retryAfter: 1, times: 2 }, refusals: 2 },
  ]) {
    test(`the same with ${name}: all 500, each once`, async ({ context, page }) => {
      const sent = await fiveHundredThenNavigate(context, page, fault);
      expect(sent.filter((s) => s.status === fault.status)).toHaveLength(refusals);
    });
  }

  test('the same with the browser offline for 10 s: all 500, each once', async ({ context, page }) => {
    const { platform, sent } = await platformFor(context);
    await page.goto(PAGE);
    const first = await pageViewIdOf(page);
    await setOffline(context, true);
    await emit(page, 500);
    // Ten seconds without a network: every attempt fails, nothing reaches the platform.
    await page.waitForTimeout(10_000);
    expect(heldCount(platform, first)).toBe(0);
    expect(sent.filter((s) => s.status === 'failed').length).toBeGreaterThan(1);
    await setOffline(context, false);
    await page.goto(NEXT);
    await expect.poll(() => heldCount(platform, first), { timeout: 30_000 }).toBe(500);
    expectAll(platform, first, 500);
  });

  test('two tabs emitting at once: no loss, and no event sent by both tabs', async ({ context }) => {
    const platform = createMockPlatform();
    const sent: Sent[] = [];
    const tabs = await Promise.all(['A', 'B'].map(() => context.newPage()));
    await Promise.all(tabs.map((tab, i) => tab.route(EVENTS, forward(platform, sent, 'AB'[i]))));
    await Promise.all(tabs.map((tab) => tab.goto(PAGE)));
    const ids = await Promise.all(tabs.map(pageViewIdOf));
    await Promise.all(tabs.map((tab) => emit(tab, 300)));
    for (const id of ids) await expect.poll(() => heldCount(platform, id), { timeout: 30_000 }).toBe(300);
    for (const id of ids) expectAll(platform, id, 300);
    const byTab = (tab: string) => new Set(sent.filter((s) => s.tab === tab).flatMap((s) => s.ids));
    const [a, b] = [byTab('A'), byTab('B')];
    expect([...a].filter((id) => b.has(id))).toEqual([]);
    expect(a.size + b.size).toBe(600);
    expect(platform.inspect.events.stats(TID).duplicates).toBe(0);
  });

  test('a tab closed with undelivered events: the next page sends them', async ({ context }) => {
    const { platform } = await platformFor(context);
    platform.faults.set('events', { status: 503 });
    const dying = await context.newPage();
    await dying.goto(PAGE);
    const first = await pageViewIdOf(dying);
    await emit(dying, 50);
    await dying.close({ runBeforeUnload: true });
    expect(heldCount(platform, first)).toBe(0);
    platform.faults.clear();
    const next = await context.newPage();
    await next.goto(PAGE);
    await expect.poll(() => heldCount(platform, first), { timeout: 30_000 }).toBe(50);
    expectAll(platform, first, 50);
  });

  test('two tabs opened at the same instant after a page left events behind: each leftover event is sent by one tab only', async ({
    context,
  }) => {
    // Both tabs start at once and find the same released record. The localStorage lock alone is
    // not atomic across processes: both could adopt it (2 rounds in 8 before the Web Lock around
    // adoption). A race, so several rounds, each with its own leftover record.
    const platform = createMockPlatform();
    const setup = await context.newPage();
    await setup.goto('/test-pages/tracker-manual.html'); // the origin's localStorage, no tracker
    for (let round = 0; round < 12; round++) {
      const gone = `gone${round}`;
      await setup.evaluate(
        ([key, gone]) => {
          const meta = (i: number) => ({
            id: `${gone}-${i}`,
            type: 'ecUser',
            ts: 1,
            visitorId: 'v',
            pageViewId: gone,
            seq: i + 1,
            url: 'https://shop.example/',
          });
          const e = Array.from({ length: 50 }, (_, i) => ({ meta: meta(i), data: { user: {} } }));
          localStorage.setItem(key, JSON.stringify({ t: 0, e }));
        },
        [`_svcq:${TID}:${gone}`, gone] as const,
      );
      const sent: Sent[] = [];
      const tabs = await Promise.all(['A', 'B'].map(() => context.newPage()));
      await Promise.all(tabs.map((tab, i) => tab.route(EVENTS, forward(platform, sent, 'AB'[i]))));
      await Promise.all(tabs.map((tab) => tab.goto(PAGE)));
      await expect.poll(() => heldCount(platform, gone), { timeout: 30_000 }).toBe(50);
      // Both tabs done sending (a tab that adopted too would still be sending or have sent).
      for (const tab of tabs)
        await expect
          .poll(() =>
            tab.evaluate(() => (window as unknown as { svc: { tracker: { queued: number } } }).svc.tracker.queued),
          )
          .toBe(0);
      const byTab = (tab: string) => new Set(sent.filter((s) => s.tab === tab).flatMap((s) => s.ids));
      const [a, b] = [byTab('A'), byTab('B')];
      expect(
        [...a].filter((id) => b.has(id)),
        `round ${round}: sent by both tabs`,
      ).toEqual([]);
      expect(a.size + b.size).toBe(50);
      await Promise.all(tabs.map((tab) => tab.close()));
    }
    expect(platform.inspect.events.stats(TID).duplicates).toBe(0);
  });
});

/** How many chunks of events the page view `pageViewId` has stored. */
const storedChunks = (page: Page, pageViewId: string) =>
  page.evaluate(
    (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).length,
    `_svcq:${TID}:${pageViewId}:`,
  );

test.describe('liveness: a live tab keeps its events whatever its clock says', () => {
  test('a live tab whose clock is 36 years behind: another tab adopts none of its 10 stored events; sent once, by it', async ({
    context,
  }) => {
    const platform = createMockPlatform();
    const sent: Sent[] = [];
    const skewed = await context.newPage();
    // Its wall clock 36 years behind, from before the tracker starts.
    await skewed.addInitScript(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() - 36 * 365 * 86_400_000;
    });
    const platformDown = { value: true };
    const toPlatform = forward(platform, sent, 'skewed');
    await skewed.route(EVENTS, (route) =>
      platformDown.value
        ? route.fulfill({ status: 503, headers: { 'access-control-allow-origin': '*' }, body: '{"status":503}' })
        : toPlatform(route),
    );
    await skewed.goto(PAGE);
    const skewedId = await pageViewIdOf(skewed);
    await emit(skewed, 10);
    await expect.poll(() => storedChunks(skewed, skewedId)).toBeGreaterThan(0);
    await skewed.waitForTimeout(500); // its Web Lock granted meanwhile (a few ms)
    const other = await context.newPage();
    await other.route(EVENTS, forward(platform, sent, 'other'));
    await other.goto(PAGE);
    await other.evaluate(() => (window as unknown as Svc).svc.tracker.flush());
    await other.waitForTimeout(2000);
    expect(heldCount(platform, skewedId)).toBe(0);
    expect(sent.filter((s) => s.tab === 'other').flatMap((s) => s.ids)).toEqual([]);
    // What the other tab judged by: the record of a page holding its Web Lock, a heartbeat 36 years old.
    const record = await skewed.evaluate((key) => JSON.parse(localStorage.getItem(key)!), `_svcq:${TID}:${skewedId}`);
    expect(record).toEqual({ t: expect.any(Number), l: 1 });
    expect(record.t).toBeLessThan(Date.now() - 35 * 365 * 86_400_000);
    // The platform back: the skewed tab sends its own events, each once.
    platformDown.value = false;
    await skewed.evaluate(() => (window as unknown as Svc).svc.tracker.flush());
    await expect.poll(() => heldCount(platform, skewedId), { timeout: 30_000 }).toBe(10);
    expectAll(platform, skewedId, 10);
    expect(platform.inspect.events.stats(TID).duplicates).toBe(0);
  });

  test('a tab closed while holding its Web Lock with events stored: the next tab still adopts them (the lock does not keep a closed tab alive)', async ({
    context,
  }) => {
    const { platform } = await platformFor(context);
    platform.faults.set('events', { status: 503 });
    const dying = await context.newPage();
    await dying.goto(PAGE);
    const first = await pageViewIdOf(dying);
    await emit(dying, 20);
    await expect.poll(() => storedChunks(dying, first)).toBeGreaterThan(0);
    await dying.waitForTimeout(500); // its Web Lock granted meanwhile (a few ms)
    await dying.close();
    platform.faults.clear();
    const next = await context.newPage();
    await next.goto(PAGE);
    await expect.poll(() => heldCount(platform, first), { timeout: 30_000 }).toBe(20);
    expectAll(platform, first, 20);
  });
});

type Svc = {
  svc: {
    tracker: TrackerHandle;
    createTracker(options: Record<string, unknown>): TrackerHandle;
  };
  t: TrackerHandle;
};
type TrackerHandle = {
  visitorId?: string;
  pageViewId: string;
  emit(type: string, data: unknown): { meta: { id: string; url: string } };
  flush(): Promise<void>;
  consent(state: string): void;
};

const YEAR_S = 365 * 86_400;
const ours = <T extends { name: string }>(cookies: T[]) =>
  cookies.filter((c) => /^(_svc|svc_)/.test(c.name)).sort((a, b) => (a.name < b.name ? -1 : 1));

/** Both visitor cookies as the browser holds them: value, domain, Path=/, SameSite=Lax, not Secure on http, expiring in one year. */
async function expectVisitorCookies(context: BrowserContext, domain: string, tracker: string, permanent = tracker) {
  const cookies = ours(await context.cookies());
  const now = Date.now() / 1000;
  for (const c of cookies) expect(Math.abs(c.expires - (now + YEAR_S))).toBeLessThan(120);
  expect(cookies.map(({ expires: _expires, ...c }) => c)).toEqual([
    { name: '_svcTracker', value: tracker, domain, path: '/', httpOnly: false, secure: false, sameSite: 'Lax' },
    { name: 'svc_permanent', value: permanent, domain, path: '/', httpOnly: false, secure: false, sameSite: 'Lax' },
  ]);
}

/**
 * Runs `body` in a browser of its own that resolves shop.example.co.uk to this machine (a real
 * registrable domain under a public suffix), with the origin of the test server on that host.
 */
async function onShopHost(
  baseURL: string | undefined,
  body: (context: BrowserContext, origin: string) => Promise<void>,
) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--host-resolver-rules=MAP shop.example.co.uk 127.0.0.1'],
  });
  try {
    await body(await browser.newContext(), `http://shop.example.co.uk:${new URL(baseURL!).port}`);
  } finally {
    await browser.close();
  }
}

test.describe('identity: cookies', () => {
  test('a page served as shop.example.co.uk sets both cookies on .example.co.uk (co.uk refused as a public suffix)', async ({
    baseURL,
  }) => {
    await onShopHost(baseURL, async (context, origin) => {
      const { platform } = await platformFor(context);
      const page = await context.newPage();
      const url = `${origin}${PAGE}`;
      await page.goto(url);
      // An insecure context: no crypto.randomUUID, ids come from crypto.getRandomValues.
      expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe('undefined');
      const visitorId = await page.evaluate(() => (window as unknown as Svc).svc.tracker.visitorId!);
      expect(visitorId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      await expectVisitorCookies(context, '.example.co.uk', visitorId);
      await page.evaluate(async () => {
        const t = (window as unknown as Svc).svc.tracker;
        t.emit('ecView', { type: 'home', language: 'en', country: 'GB', currency: 'GBP' });
        await t.flush();
      });
      const [event] = platform.inspect.events.received(TID);
      expect(event.meta).toMatchObject({ type: 'ecView', visitorId, url, seq: 1 });
      expect(event.data).toEqual({ type: 'home', language: 'en', country: 'GB', currency: 'GBP' });
    });
  });

  test('a page on localhost sets host cookies', async ({ context, page }) => {
    await platformFor(context);
    await page.goto(PAGE);
    const visitorId = await page.evaluate(() => (window as unknown as Svc).svc.tracker.visitorId!);
    await expectVisitorCookies(context, 'localhost', visitorId);
  });

  test('an existing _svcTracker is kept and its expiry renewed; svc_permanent gets the same id', async ({
    context,
    page,
  }) => {
    await platformFor(context);
    await context.addCookies([
      {
        name: '_svcTracker',
        value: 'visitor-from-before',
        domain: 'localhost',
        path: '/',
        expires: Date.now() / 1000 + 3600,
      },
    ]);
    await page.goto(PAGE);
    expect(await page.evaluate(() => (window as unknown as Svc).svc.tracker.visitorId)).toBe('visitor-from-before');
    await expectVisitorCookies(context, 'localhost', 'visitor-from-before');
  });

  test('only svc_permanent: its id (before the first ":") is the visitor id and the cookie is kept as it was', async ({
    context,
    page,
  }) => {
    await platformFor(context);
    await context.addCookies([
      {
        name: 'svc_permanent',
        value: 'old-visitor:1700000000',
        domain: 'localhost',
        path: '/',
        expires: Date.now() / 1000 + 3600,
      },
    ]);
    await page.goto(PAGE);
    expect(await page.evaluate(() => (window as unknown as Svc).svc.tracker.visitorId)).toBe('old-visitor');
    await expectVisitorCookies(context, 'localhost', 'old-visitor', 'old-visitor:1700000000');
  });
});

/** Emits `n` ecProduct events on the page's automatic tracker and flushes; returns its page view id. */
const emitAndFlushOn = (page: Page, n: number) =>
  page.evaluate(async (n) => {
    const t = (window as unknown as Svc).svc.tracker;
    for (let i = 0; i < n; i++) t.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}` } });
    await t.flush();
    return t.pageViewId;
  }, n);

test('each event carries the page URL of the moment it was emitted: after pushState, replaceState, a fragment and back', async ({
  context,
  page,
}) => {
  // The URL is read once per change where the Navigation API tells of changes (core's event-meta.ts).
  const { platform } = await platformFor(context);
  await page.goto(PAGE);
  const { emitted, pageViewId } = await page.evaluate(async () => {
    const t = (window as unknown as Svc).svc.tracker;
    const emitted: { url: string; href: string }[] = [];
    const emitHere = () => {
      const { meta } = t.emit('ecProduct', { eventType: 'detail', product: { productId: 'p' } });
      emitted.push({ url: meta.url, href: location.href });
    };
    emitHere();
    history.pushState(null, '', '?step=1');
    emitHere();
    history.replaceState(null, '', '?step=2');
    emitHere();
    location.hash = 'reviews';
    emitHere();
    const back = new Promise((done) => addEventListener('popstate', done, { once: true }));
    history.back();
    await back;
    emitHere();
    await t.flush();
    return { emitted, pageViewId: t.pageViewId };
  });
  const pathOf = (url: string) => {
    const { pathname, search, hash } = new URL(url);
    return pathname + search + hash;
  };
  expect(emitted.map((e) => pathOf(e.url))).toEqual([
    PAGE,
    `${PAGE}?step=1`,
    `${PAGE}?step=2`,
    `${PAGE}?step=2#reviews`,
    `${PAGE}?step=2`,
  ]);
  for (const { url, href } of emitted) expect(url).toBe(href);
  const held = platform.inspect.events.received(TID).filter((e) => e.meta.pageViewId === pageViewId);
  expect(held.sort((a, b) => a.meta.seq - b.meta.seq).map((e) => e.meta.url)).toEqual(emitted.map((e) => e.url));
});

test.describe('failure modes and consent', () => {
  const warnings = (page: Page) => {
    const list: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && list.push(m.text()));
    return list;
  };

  test('localStorage throwing: events still delivered from memory, said once on the console', async ({
    context,
    page,
  }) => {
    const { platform } = await platformFor(context);
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const said = warnings(page);
    await page.goto(PAGE);
    const pageViewId = await emitAndFlushOn(page, 30);
    await emitAndFlushOn(page, 0);
    expectAll(platform, pageViewId, 30);
    expect(said).toEqual(['svc tracker: no localStorage, in memory only']);
    // Cookies still work.
    const visitorId = await page.evaluate(() => (window as unknown as Svc).svc.tracker.visitorId!);
    await expectVisitorCookies(context, 'localhost', visitorId);
  });

  test('cookies disabled: an in-memory visitor id on every event, said once on the console', async ({
    context,
    page,
  }) => {
    const { platform } = await platformFor(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDocumentCookieDisabled', { disabled: true });
    const said = warnings(page);
    await page.goto(PAGE);
    const visitorId = await page.evaluate(() => (window as unknown as Svc).svc.tracker.visitorId!);
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    const pageViewId = await emitAndFlushOn(page, 10);
    expectAll(platform, pageViewId, 10);
    expect(new Set(platform.inspect.events.received(TID).map((e) => e.meta.visitorId))).toEqual(new Set([visitorId]));
    expect(said).toEqual(['svc tracker: no cookies, in memory only']);
    expect(ours(await context.cookies())).toEqual([]);
  });

  test('consent pending: no cookie, no storage, no request; granted: the events emitted meanwhile are sent', async ({
    context,
    page,
  }) => {
    const { platform, sent } = await platformFor(context);
    await page.goto('/test-pages/tracker-manual.html');
    const pending = await page.evaluate(async (trackingId) => {
      const w = window as unknown as Svc;
      w.t = w.svc.createTracker({ trackingId, consent: 'pending' });
      for (let i = 0; i < 5; i++) w.t.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}` } });
      await w.t.flush();
      return { storage: Object.keys(localStorage), cookie: document.cookie, pageViewId: w.t.pageViewId };
    }, TID);
    expect(pending).toEqual({ storage: [], cookie: '', pageViewId: expect.any(String) });
    expect(sent).toEqual([]);
    expect(ours(await context.cookies())).toEqual([]);

    const visitorId = await page.evaluate(async () => {
      const w = window as unknown as Svc;
      w.t.consent('granted');
      await w.t.flush();
      return w.t.visitorId!;
    });
    expectAll(platform, pending.pageViewId, 5);
    expect(new Set(platform.inspect.events.received(TID).map((e) => e.meta.visitorId))).toEqual(new Set([visitorId]));
    await expectVisitorCookies(context, 'localhost', visitorId);
  });

  test('the script tag with data-consent="pending": window.svc.tracker waits for consent, then sends', async ({
    context,
    page,
  }) => {
    const { platform, sent } = await platformFor(context);
    await page.goto('/test-pages/tracker-pending.html');
    const pageViewId = await emitAndFlushOn(page, 4);
    expect(sent).toEqual([]);
    expect(ours(await context.cookies())).toEqual([]);
    const visitorId = await page.evaluate(async () => {
      const t = (window as unknown as Svc).svc.tracker;
      t.consent('granted');
      await t.flush();
      return t.visitorId!;
    });
    expectAll(platform, pageViewId, 4);
    await expectVisitorCookies(context, 'localhost', visitorId);
  });

  test('consent denied: nothing written, nothing sent, no visitor id', async ({ context, page }) => {
    const { sent } = await platformFor(context);
    await page.goto('/test-pages/tracker-manual.html');
    const denied = await page.evaluate(async (trackingId) => {
      const w = window as unknown as Svc;
      w.t = w.svc.createTracker({ trackingId, consent: 'denied' });
      w.t.emit('ecProduct', { eventType: 'detail', product: { productId: 'p1' } });
      await w.t.flush();
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })); // as the browser fires it
      window.dispatchEvent(new Event('pagehide'));
      return { storage: Object.keys(localStorage), cookie: document.cookie, visitorId: w.t.visitorId ?? null };
    }, TID);
    expect(denied).toEqual({ storage: [], cookie: '', visitorId: null });
    expect(sent).toEqual([]);
  });
});

test.describe('page exit without a next page of ours', () => {
  // Requests a page starts in `pagehide` outlive it in the browser, where Playwright's routes no
  // longer see them: the platform listens on real HTTPS here (./https-platform.ts).

  /**
   * `n` events queued while the platform fails (503: a refused attempt, then the backoff), the
   * platform answering again from just before the page goes; `leave` then takes the page away
   * (for good: no later visit). The platform must hold all `n`, each once; an event may reach it
   * twice only as issue 22 allows, when a request holding it was still unanswered as the page
   * began to go (a retry of the backoff in flight: its answer is lost, so page exit sends the
   * event again, and the platform deduplicates).
   */
  async function queuedThenGone(baseURL: string | undefined, n: number, leave: (page: Page) => Promise<void>) {
    const { platform, received, browser, close } = await platformOverHttps();
    try {
      platform.faults.set('events', { status: 503 });
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto(PAGE);
      const first = await pageViewIdOf(page);
      await emit(page, n);
      await expect.poll(() => received.length).toBeGreaterThan(0); // at least one attempt refused
      await page.waitForTimeout(200);
      expect(heldCount(platform, first)).toBe(0);
      platform.faults.clear();
      const leaving = Date.now();
      await leave(page);
      await expect.poll(() => heldCount(platform, first), { timeout: 15_000 }).toBe(n);
      expectAll(platform, first, n);
      // Each event the platform took (answered 200: the refused attempts before do not count).
      const sent = received.filter((request) => request.status === 200).flatMap((request) => request.ids);
      const twice = [...new Set(sent.filter((id, i) => sent.indexOf(id) !== i))];
      // Requests whose answer the page cannot have read: written after it began to go, or never
      // (a retry of the backoff can start in the moment before the page goes). Page exit sending
      // twice what one exit request carries is the sender's unit tests' to catch.
      const answerLost = new Set(
        received.filter((r) => r.answeredAt === undefined || r.answeredAt >= leaving).flatMap((r) => r.ids),
      );
      expect(twice.filter((id) => !answerLost.has(id))).toEqual([]);
      // The platform's own count of copies it took again: the same as seen on the wire.
      expect(platform.inspect.events.stats(TID).duplicates).toBe(sent.length - new Set(sent).size);
      for (const { bytes } of received) expect(bytes).toBeLessThan(64 * 1024);
      test.info().annotations.push({ type: `requests for ${n} events`, description: String(received.length) });
    } finally {
      await close();
    }
  }

  for (const n of [500, 1000]) {
    test(`${n} events queued, then the page navigates to another site that loads no tracker: the platform holds all ${n}, each once, with no later visit`, async ({
      baseURL,
    }) => {
      await queuedThenGone(baseURL, n, async (page) => {
        await page.goto(ELSEWHERE);
        expect(await page.evaluate(() => [location.origin, typeof (window as { svc?: unknown }).svc])).toEqual([
          'https://elsewhere.example',
          'undefined',
        ]);
      });
    });

    test(`${n} events queued, then the tab is closed: the platform holds all ${n}, each once`, async ({ baseURL }) => {
      await queuedThenGone(baseURL, n, (page) => page.close({ runBeforeUnload: true }));
    });
  }
});

test.describe('a request never answered', () => {
  test('the events endpoint holds one request for ever: the events still arrive, through a later attempt, within 30 s', async ({
    context,
    page,
  }) => {
    const platform = createMockPlatform();
    const sent: Sent[] = [];
    const pass = forward(platform, sent, 'context');
    let held = 0;
    await context.route(EVENTS, (route) => (held++ ? pass(route) : undefined)); // the first request: never answered
    await page.goto(PAGE);
    const pageViewId = await pageViewIdOf(page);
    await emit(page, 11);
    await expect.poll(() => held, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => heldCount(platform, pageViewId), { timeout: 30_000 }).toBe(11);
    expectAll(platform, pageViewId, 11);
    expect(held).toBeGreaterThan(1);
  });
});

// Acceptance audit of issue 5: what the tests above left unproven in Chromium.
test.describe('acceptance audit', () => {
  test('an event too big for one request does not hold up the others: the platform refuses it (413), it is dropped and counted', async ({
    context,
    page,
  }) => {
    const { platform, sent } = await platformFor(context);
    await page.goto('/test-pages/tracker-manual.html');
    // Over 64 KiB even as gzip (random hex does not compress much): the event must not be retried for ever.
    const state = await page.evaluate(async (trackingId) => {
      const w = window as unknown as Svc;
      w.t = w.svc.createTracker({ trackingId, batchDelay: 0, retryBase: 10, retryMax: 10 });
      // Random characters: gzip cannot bring them under the 64 KiB a request may carry.
      const noise = Array.from({ length: 100_000 }, () =>
        String.fromCharCode(33 + Math.floor(Math.random() * 90)),
      ).join('');
      w.t.emit('ecProduct', { eventType: 'detail', product: { productId: 'big', name: noise } });
      w.t.emit('ecProduct', { eventType: 'detail', product: { productId: 'small' } });
      for (let i = 0; i < 3; i++) {
        await w.t.flush();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const t = w.t as unknown as { queued: number; dropped: unknown };
      return { queued: t.queued, dropped: t.dropped };
    }, TID);
    expect(state).toEqual({ queued: 0, dropped: { overflow: 0, rejected: 1, invalid: 0 } });
    expect(sent.map((s) => s.status)).toEqual([413, 200]);
    expect(
      platform.inspect.events.received(TID).map((e) => (e.data.product as { productId: string }).productId),
    ).toEqual(['small']);
  });

  test('data-endpoint of the script tag: the events go to that base URL', async ({ context, page }) => {
    const platform = createMockPlatform();
    const handlers = createHandlers(platform, { endpoints: { events: 'https://collector.svc.example/base' } });
    const urls: string[] = [];
    await context.route('https://**.svc.example/**', async (route) => {
      const req = route.request();
      urls.push(req.url());
      const response = await getResponse(
        handlers,
        new Request(req.url(), { method: req.method(), body: new Uint8Array(req.postDataBuffer() ?? []) }),
      );
      await route.fulfill({
        status: response?.status ?? 404,
        headers: { 'access-control-allow-origin': '*' },
        body: response ? Buffer.from(await response.arrayBuffer()) : '',
      });
    });
    await page.goto('/test-pages/tracker-endpoint.html');
    const pageViewId = await emitAndFlushOn(page, 3);
    // Three small events: one batch, JSON (under GZIP_FROM characters).
    expect(urls).toEqual([`https://collector.svc.example/base/events/v1/${TID}`]);
    expectAll(platform, pageViewId, 3);
  });

  test('options.cookieDomain replaces the probe: on shop.example.co.uk, cookieDomain "shop.example.co.uk" puts both cookies there', async ({
    baseURL,
  }) => {
    await onShopHost(baseURL, async (context, origin) => {
      await platformFor(context);
      const page = await context.newPage();
      await page.goto(`${origin}/test-pages/tracker-manual.html`);
      const visitorId = await page.evaluate((trackingId) => {
        const w = window as unknown as Svc;
        w.t = w.svc.createTracker({ trackingId, cookieDomain: 'shop.example.co.uk' });
        return w.t.visitorId!;
      }, TID);
      await expectVisitorCookies(context, '.shop.example.co.uk', visitorId);
    });
  });
});
