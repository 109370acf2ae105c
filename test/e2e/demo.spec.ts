// The demo storefront and QA page, driven as QA would: browse home -> product -> basket ->
// confirmation with recommendations on each page, follow one and see the chart and the event
// log update, exercise every QA panel, switch faults on, and load a product whose name is markup.
// Each page's screenshot is kept as a test artifact. No request may leave localhost.
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { openPanel } from './demo-panels';

/** Requests to anything but the demo server and the platform's placeholder hosts (which the MSW worker answers). */
function watchRequests(page: Page): string[] {
  const external: string[] = [];
  page.on('request', (r) => {
    const { protocol, hostname } = new URL(r.url());
    if (protocol === 'data:' || protocol === 'blob:') return;
    if (hostname !== 'localhost' && !hostname.endsWith('.svc.example')) external.push(r.url());
  });
  return external;
}

/** CSP violations and uncaught errors of the page, and any dialog (an injected `alert` would open one). */
async function watchPage(page: Page): Promise<{ violations: string[]; errors: string[]; dialogs: string[] }> {
  const watched = { violations: [] as string[], errors: [] as string[], dialogs: [] as string[] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) watched.violations.push(m.text());
  });
  page.on('pageerror', (e) => watched.errors.push(e.message));
  page.on('dialog', (d) => {
    watched.dialogs.push(d.message());
    void d.dismiss();
  });
  return watched;
}

async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A widget of the storefront, once it has settled; expects items. */
async function expectRecommendations(page: Page, strategy: string): Promise<number> {
  const widget = page.locator(`#page section.recs[data-strategy="${strategy}"]`);
  await expect(widget).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  const count = await widget.locator('li').count();
  expect(count).toBeGreaterThan(0);
  return count;
}

/** The text of a panel's output once its call settled. */
async function settled(out: ReturnType<Page['locator']>): Promise<string> {
  await expect(out).toHaveAttribute('data-state', /^(ok|error)$/);
  return (await out.textContent())!;
}

/** What the mock received, read in the page (window.svcMock). */
const metricsOf = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as {
        svcMock: {
          platform: {
            inspect: { events: { metrics(t: string): { strategy: string; shown: number; clicked: number }[] } };
          };
        };
      }
    ).svcMock.platform.inspect.events.metrics('demo_shop'),
  );

test.describe('demo storefront', () => {
  let external: string[];
  let watched: Awaited<ReturnType<typeof watchPage>>;

  test.beforeEach(async ({ page }) => {
    external = watchRequests(page);
    watched = await watchPage(page);
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/');
    await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  });

  test.afterEach(async ({ page }) => {
    expect(external, 'requests that left localhost').toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(watched.violations).toEqual([]);
    expect(watched.errors).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });

  test('QA browses home -> product -> basket -> confirmation with recommendations on each page, follows one, and the chart and event log update', async ({
    page,
  }, testInfo) => {
    // Home: popular, trending, new.
    for (const strategy of ['popular', 'trending', 'new']) await expectRecommendations(page, strategy);
    await expect(page.locator('#page')).toHaveAttribute('data-page', 'home');
    await keep(page, testInfo, '1-home');

    // A category page: category-seeded popular and the product grid.
    await page.locator('nav.categories a').first().click();
    await expect(page).toHaveURL(/\/category\//);
    await expectRecommendations(page, 'popular');
    const category = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
    const recsRequest = await page.locator('[data-panel="exchanges"]').evaluate(() => {
      const { exchanges } = (
        window as unknown as { svcMock: { exchanges: { api: string; url: string; requestBody: string }[] } }
      ).svcMock;
      return [...exchanges].reverse().find((x) => x.api === 'recs');
    });
    expect(JSON.parse(recsRequest!.requestBody).h).toEqual([{ type: 'c', id: category }]);
    expect(await page.locator('#page ul.grid li').count()).toBeGreaterThan(0);
    await keep(page, testInfo, '2-category');

    // Product page (followed from the grid: the first product in stock, as only those can be bought): engagement and conversion.
    const inStock = await page.locator('#page ul.grid li').evaluateAll((lis) => {
      const feed = (
        window as unknown as {
          svcMock: {
            platform: {
              inspect: {
                recommend: { feed(t: string): { id: string; locales: Record<string, { stock?: number }> }[] };
              };
            };
          };
        }
      ).svcMock.platform.inspect.recommend.feed('demo_shop');
      const stock = new Map(feed.map((p) => [p.id, p.locales['en-GBP']?.stock]));
      return lis.map((li) => li.getAttribute('data-id')!).find((id) => (stock.get(id) ?? 1) > 0)!;
    });
    await page.locator(`#page ul.grid li[data-id="${inStock}"] a`).click();
    await expect(page).toHaveURL(/\/product\//);
    const productId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
    await expect(page.locator('article.product')).toHaveAttribute('data-id', productId);
    await expectRecommendations(page, 'engagement');
    await expectRecommendations(page, 'conversion');
    await keep(page, testInfo, '3-product');

    // Basket: upsell seeded with the basket.
    await page.locator('button.add').click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.locator('#basket-count')).toHaveText('1');
    await expect(page.locator(`table.basket tr[data-id="${productId}"]`)).toBeVisible();
    await expectRecommendations(page, 'upsell');
    await keep(page, testInfo, '4-basket');

    // Confirmation: pllr_bought_next seeded with what was bought.
    await page.locator('button.order').click();
    await expect(page).toHaveURL(/\/confirmation\//);
    await expect(page.locator('#basket-count')).toHaveText('0');
    await expectRecommendations(page, 'pllr_bought_next');
    await keep(page, testInfo, '5-confirmation');

    // The tracker delivered the shopping events, each in the log with its delivery state; the
    // tracker refused none of the shop's events (they follow PROTOCOL.md's event table).
    await page.locator('[data-panel="events"] button', { hasText: 'Flush now' }).click();
    const log = page.locator('[data-panel="events"] .sdk-state table');
    for (const type of [
      'ecView',
      'ecProduct',
      'ecBasketItemAction',
      'ecBasketItemTransaction',
      'ecBasketTransactionSummary',
      'recommendationShown',
    ]) {
      await expect(log.locator(`tr[data-type="${type}"][data-state="acknowledged"]`).first()).toBeVisible();
    }
    expect(await page.locator('[data-panel="events"] tr[data-state="refused"]').count()).toBe(0);
    const received = await page.evaluate(() =>
      (
        window as unknown as {
          svcMock: { platform: { inspect: { events: { received(t: string): { meta: { type: string } }[] } } } };
        }
      ).svcMock.platform.inspect.events
        .received('demo_shop')
        .map((e) => e.meta.type),
    );
    expect(received).toContain('ecBasketTransactionSummary');

    // Follow a recommendation: `clicked` reaches the mock, the chart and the log show it.
    const widget = page.locator('#page section.recs[data-strategy="pllr_bought_next"]');
    const first = widget.locator('li').first();
    const followed = await first.getAttribute('data-id');
    const strategyOfItem = (await first.locator('.by').textContent())!.trim();
    const before = (await metricsOf(page)).find((m) => m.strategy === strategyOfItem)?.clicked ?? 0;
    // A card counts as shown after a second in view: follow it once the platform has that (under
    // load, a click can come first, and the chart's click-through rate would divide by nothing).
    await expect
      .poll(async () => {
        await page.evaluate(() =>
          (window as unknown as { svc: { tracker: { flush(): Promise<unknown> } } }).svc.tracker.flush(),
        );
        return (await metricsOf(page)).find((m) => m.strategy === strategyOfItem)?.shown ?? 0;
      })
      .toBeGreaterThan(0);
    await first.locator('a').click();
    await expect(page).toHaveURL(new RegExp(`/product/${encodeURIComponent(followed!)}$`));
    await page.evaluate(() =>
      (window as unknown as { svc: { tracker: { flush(): Promise<unknown> } } }).svc.tracker.flush(),
    );
    await expect(log.locator('tr[data-type="recommendationClicked"][data-state="acknowledged"]').first()).toBeVisible();
    await expect
      .poll(async () => (await metricsOf(page)).find((m) => m.strategy === strategyOfItem)?.clicked)
      .toBe(before + 1);
    const row = page.locator(`[data-panel="events"] table.metrics tr[data-strategy="${strategyOfItem}"]`);
    await expect(row.locator('.clicked')).toHaveText(String(before + 1));
    const shown = Number(await row.locator('.shown').textContent());
    expect(shown).toBeGreaterThan(0);
    await expect(row.locator('.ctr')).toHaveText(`${((100 * (before + 1)) / shown).toFixed(1)}%`);
    const clickedEvents = await page.evaluate(() =>
      (
        window as unknown as {
          svcMock: {
            platform: { inspect: { events: { received(t: string): { meta: { type: string }; data: unknown }[] } } };
          };
        }
      ).svcMock.platform.inspect.events
        .received('demo_shop')
        .filter((e) => e.meta.type === 'recommendationClicked')
        .map((e) => e.data),
    );
    expect(clickedEvents).toEqual([expect.objectContaining({ id: followed, strategy: strategyOfItem, position: 1 })]);
    await expect(page.locator('[data-panel="events"] svg rect.clicked').first()).toBeVisible();
    await keep(page, testInfo, '6-after-click');
  });

  test('the recommendations panel validates rules before sending, then shows the exact request and response', async ({
    page,
  }, testInfo) => {
    const panel = await openPanel(page, 'recommend');
    const before = await page.evaluate(
      () => (window as unknown as { svcMock: { exchanges: unknown[] } }).svcMock.exchanges.length,
    );
    await panel.locator('textarea[name="rules"]').fill('[{"condition": {"==": [1, 1]}, "factor": -1}]');
    await expect(panel.locator('.validation')).toHaveText(
      'Invalid: rules[0].factor must be a number >= 0 (0 removes, above 0 promotes)',
    );
    await panel.locator('[data-action="get"]').click();
    await expect(panel.locator('[data-output="recommend"]')).toHaveAttribute('data-code', 'INVALID_RULES');
    await expect(panel.locator('[data-exchange="recommend"]')).toHaveText('No request was sent.');
    await panel.locator('textarea[name="rules"]').fill('{"not": "json"');
    await expect(panel.locator('.validation')).toContainText('Invalid: not JSON');
    await panel.locator('textarea[name="rules"]').fill('[{"condition": {"eval": ["x"]}, "factor": 1}]');
    await expect(panel.locator('.validation')).toHaveText(
      'Invalid: rules[0].condition uses the unknown operator "eval"',
    );
    const recsSent = await page.evaluate(
      (n) =>
        (window as unknown as { svcMock: { exchanges: { api: string }[] } }).svcMock.exchanges
          .slice(n as number)
          .filter((x) => x.api === 'recs').length,
      before,
    );
    expect(recsSent).toBe(0);

    // A valid call: custom chain, product seed, n, locale, a blacklist rule, debug.
    await panel.locator('select[name="strategy"]').selectOption('custom');
    await panel.locator('input[name="chain"]').fill('pllr,pllr_bought');
    await panel.locator('input[name="seed"]').fill('p001');
    await panel.locator('input[name="n"]').fill('4');
    await panel.locator('select[name="locale"]').selectOption('en-GBP');
    await panel.locator('input[name="debug"]').check();
    await panel
      .locator('textarea[name="rules"]')
      .fill('[{"name": "not p002", "condition": {"==": [{"var": "rec.id"}, "p002"]}, "factor": 0}]');
    await expect(panel.locator('.validation')).toHaveText('1 valid rule(s).');
    await panel.locator('[data-action="get"]').click();
    const exchange = panel.locator('[data-exchange="recommend"]');
    await expect(exchange).toHaveAttribute('data-status', '200');
    await expect(exchange.locator('.request-line code')).toHaveText(
      /^https:\/\/recs\.svc\.example\/vc\/recommend\/2\.1\/demo_shop\?strategy=pllr%2Cpllr_bought&n=4&locale=en-GBP&contextId=[a-z0-9-]+&seed=p001&debug=True$/,
    );
    expect(JSON.parse((await exchange.locator('.request-body').textContent())!)).toEqual({
      h: ['p001'],
      rules: [{ name: 'not p002', condition: { '==': [{ var: 'rec.id' }, 'p002'] }, factor: 0 }],
    });
    const response = JSON.parse((await exchange.locator('.response-body').textContent())!);
    expect(response.status).toBe(200);
    expect(response.result.rules.map((r: { source: string; name: string }) => [r.source, r.name])).toContainEqual([
      'request',
      'not p002',
    ]);
    const ids = await panel
      .locator('[data-output="recommend"] li')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-id')));
    expect(ids).toEqual(response.result.items.map((i: { id: string }) => i.id));
    expect(ids).not.toContain('p002');
    expect(ids).not.toContain('p001');
    await keep(page, testInfo, 'recommend-panel');

    // n, timeout and rules applied to the storefront's widgets.
    await panel.locator('input[name="n"]').fill('3');
    await panel.locator('button', { hasText: 'Apply n, timeout and rules to the storefront' }).click();
    await expect(panel.locator('[data-output="widgets"]')).toContainText('n 3, timeout 0, 1 rule(s)');
    await page.locator('header a.brand').click();
    expect(await expectRecommendations(page, 'popular')).toBe(3);
    expect(await page.locator('#page section.recs[data-strategy="popular"] li[data-id="p002"]').count()).toBe(0);
  });

  test('switching the locale changes the product details and the locale of the requests', async ({ page }) => {
    const options = await page
      .locator('#locale option')
      .evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    // Region-tagged languages, as browsers give them, each with its currency.
    expect(options).toEqual([
      ['en-GBP', 'en-GB · GBP'],
      ['de-EUR', 'de-DE · EUR'],
      ['fr-EUR', 'fr-FR · EUR'],
    ]);
    await page.goto('/product/p001');
    await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
    const english = await page.locator('article.product h2.name').textContent();
    const englishRecs = await page.locator('#page section.recs[data-strategy="engagement"] .name').allTextContents();
    await page.locator('#locale').selectOption('de-EUR');
    await expect(page.locator('article.product h2.name')).not.toHaveText(english!);
    await expectRecommendations(page, 'engagement');
    // The widgets pass no locale: the client takes it from the page's ecView (language de-DE, currency EUR).
    const { recs, view } = await page.evaluate(() => {
      const w = window as unknown as {
        svcMock: { exchanges: { api: string; url: string }[] };
        svc: { tracker: { on(type: string, handler: (event: { data: Record<string, unknown> }) => void): () => void } };
      };
      let data: Record<string, unknown> = {};
      w.svc.tracker.on('ecView', (event) => (data = event.data))();
      return { recs: [...w.svcMock.exchanges].reverse().find((x) => x.api === 'recs')!.url, view: data };
    });
    expect(view).toMatchObject({ language: 'de-DE', country: 'DE', currency: 'EUR' });
    expect(new URL(recs).searchParams.get('locale')).toBe('de-EUR');
    const germanRecs = await page.locator('#page section.recs[data-strategy="engagement"] .name').allTextContents();
    expect(germanRecs).not.toEqual(englishRecs);
    // Most products have German details (those without fall back to the catalog's default, in pounds).
    expect(
      (await page.locator('#page section.recs[data-strategy="engagement"] .price').allTextContents()).some((price) =>
        price.includes('€'),
      ),
    ).toBe(true);
  });

  test('faults switched on show the documented errors: HTTP 500 -> SERVER_ERROR, offline -> NETWORK, latency over a timeout -> TIMEOUT', async ({
    page,
  }, testInfo) => {
    const faults = await openPanel(page, 'faults');
    await faults.locator('input[name="recommend-500"]').check();
    await expect(faults.locator('[data-output="faults"]')).toContainText('"status": 500');
    await page.locator('header a.brand').click();
    const widget = page.locator('#page section.recs[data-strategy="popular"]');
    await expect(widget).toHaveAttribute('data-state', 'error');
    await expect(widget).toHaveAttribute('data-code', 'SERVER_ERROR');
    await expect(widget.locator('.recs-status')).toContainText('SERVER_ERROR');
    await keep(page, testInfo, 'fault-500');

    await faults.locator('input[name="recommend-500"]').uncheck();
    await faults.locator('input[name="recommend-offline"]').check();
    await page.locator('header a.brand').click();
    await expect(widget).toHaveAttribute('data-code', 'NETWORK');
    const exchanges = await openPanel(page, 'exchanges');
    await exchanges.locator('select[name="api"]').selectOption('recs');
    await expect(exchanges.locator('[data-exchange="last"] .status-line')).toHaveText('network failure (no response)');

    await faults.locator('input[name="recommend-offline"]').uncheck();
    await faults.locator('input[name="recommend-latency"]').fill('2000');
    await faults.locator('input[name="recommend-latency"]').dispatchEvent('change');
    const recommend = await openPanel(page, 'recommend');
    await recommend.locator('input[name="timeout"]').fill('200');
    await recommend.locator('[data-action="get"]').click();
    await expect(recommend.locator('[data-output="recommend"]')).toHaveAttribute('data-code', 'TIMEOUT');

    // Stash reads are retried on HTTP 500 (3 attempts), increments never are.
    await faults.locator('input[name="recommend-latency"]').fill('0');
    await faults.locator('input[name="recommend-latency"]').dispatchEvent('change');
    await faults.locator('input[name="stash-500"]').check();
    const stash = await openPanel(page, 'stash');
    const sentTo = (path: string) =>
      page.evaluate(
        (p) =>
          (window as unknown as { svcMock: { exchanges: { url: string }[] } }).svcMock.exchanges.filter((x) =>
            x.url.includes(p),
          ).length,
        path,
      );
    await stash.locator('[data-op="get"]').first().click();
    await expect(stash.locator('[data-output="stash"]')).toHaveAttribute('data-code', 'SERVER_ERROR');
    expect(await sentTo('/kv/get/')).toBe(3);
    await stash.locator('select[name="opType"]').selectOption('count');
    await stash.locator('[data-op="increment"]').click();
    await expect(stash.locator('[data-output="stash"]')).toHaveAttribute('data-code', 'SERVER_ERROR');
    expect(await sentTo('/count/incr/')).toBe(1);
    await keep(page, testInfo, 'fault-stash-500');

    await faults.locator('button', { hasText: 'Clear all faults' }).click();
    await expect(faults.locator('[data-output="faults"]')).toHaveText('{}');
    await page.locator('header a.brand').click();
    await expect(widget).toHaveAttribute('data-state', 'ready');
  });

  test('the event log shows each delivery state: retried while the events endpoint fails, delivered after, withheld without consent', async ({
    page,
  }, testInfo) => {
    const faults = await openPanel(page, 'faults');
    const events = page.locator('[data-panel="events"]');
    const log = events.locator('.sdk-state table');
    const consent = page.locator('[data-panel="visitor"] [data-field="consent"]');
    await events.locator('button', { hasText: 'Flush now' }).click();
    await expect(log.locator('tr[data-type="ecView"]').first()).toHaveAttribute('data-state', 'acknowledged');

    await faults.locator('input[name="events-500"]').check();
    await page.locator('header nav a').first().click();
    const view = log.locator('tr[data-type="ecView"]').first();
    await events.locator('button', { hasText: 'Flush now' }).click();
    await expect(view).toHaveAttribute('data-state', 'retried');
    // The delivery column, then why: the failed attempts' answer, once, with how many attempts met it.
    await expect(view.locator('td').nth(2)).toHaveText('retried');
    await expect(view.locator('td').nth(3)).toHaveText(/^HTTP 500( ×\d+)?$/);
    await keep(page, testInfo, 'events-retrying');
    await faults.locator('input[name="events-500"]').uncheck();
    await events.locator('button', { hasText: 'Flush now' }).click();
    await expect(view).toHaveAttribute('data-state', 'acknowledged');
    const id = await view.getAttribute('data-id');
    const copies = await page.evaluate(
      (eventId) =>
        (
          window as unknown as {
            svcMock: { platform: { inspect: { events: { received(t: string): { meta: { id: string } }[] } } } };
          }
        ).svcMock.platform.inspect.events
          .received('demo_shop')
          .filter((e) => e.meta.id === eventId).length,
      id,
    );
    expect(copies).toBe(1);

    // Consent denied: the tracker still tells the page, but nothing is sent.
    // The visitor panel reads the tracker's consent when asked (no record announces a change of it).
    const refreshVisitor = (await openPanel(page, 'visitor')).locator('button', { hasText: 'Refresh' });
    await events.locator('button', { hasText: 'Consent: denied' }).click();
    await refreshVisitor.click();
    await expect(consent).toHaveText('denied');
    const sentBefore = await page.evaluate(
      () =>
        (window as unknown as { svcMock: { exchanges: { api: string }[] } }).svcMock.exchanges.filter(
          (x) => x.api === 'events',
        ).length,
    );
    await page.locator('header a.brand').click();
    await expect(log.locator('tr[data-type="ecView"]').first()).toHaveAttribute('data-state', 'withheld');
    await expect(log.locator('tr[data-type="ecView"]').first().locator('td').nth(3)).toHaveText('consent denied');
    await events.locator('button', { hasText: 'Flush now' }).click();
    const sentAfter = await page.evaluate(
      () =>
        (window as unknown as { svcMock: { exchanges: { api: string }[] } }).svcMock.exchanges.filter(
          (x) => x.api === 'events',
        ).length,
    );
    expect(sentAfter).toBe(sentBefore);
    await events.locator('button', { hasText: 'Consent: granted' }).click();
    await refreshVisitor.click();
    await expect(consent).toHaveText('granted');
  });

  test('the stash playground runs every opType and shows the full keys', async ({ page }) => {
    const panel = await openPanel(page, 'stash');
    const visitorId = await page.evaluate(
      () => (window as unknown as { svc: { tracker: { visitorId: string } } }).svc.tracker.visitorId,
    );
    const out = panel.locator('[data-output="stash"]');
    const url = panel.locator('[data-exchange="stash"] .request-line code');
    await panel.locator('input[name="namespace"]').fill('qa');
    await panel.locator('input[name="key"]').fill('cart');
    await expect(panel.locator('[data-output="full-key"]')).toHaveText(`Full key: qa:${visitorId}:cart`);

    // kv
    await panel.locator('input[name="value"]').fill('["p001"]');
    await panel.locator('[data-op="set"]').click();
    await expect(url).toHaveText(`https://stash.svc.example/stash/v1.1/kv/set/demo_shop/public/qa:${visitorId}:cart`);
    await panel.locator('[data-op="get"]').first().click();
    await expect(out).toHaveText('["p001"]');
    await panel.locator('input[name="keys"]').fill('cart,nothing');
    await panel.locator('button', { hasText: 'get(keys)' }).click();
    await expect(url).toHaveText('https://stash.svc.example/stash/v1.1/kv/getbatch/demo_shop/public');
    expect(JSON.parse(await settled(out))).toEqual({ cart: '["p001"]' });

    // deferkv: a row that expires, then is delivered to its route (the cart-reminder integration).
    await panel.locator('select[name="opType"]').selectOption('deferkv');
    const timestamp = await panel.locator('input[name="timestamp"]').inputValue();
    await panel.locator('button', { hasText: 'set(key, value, timestamp, route)' }).click();
    await expect(url).toHaveText(
      `https://stash.svc.example/stash/v1.1/deferkv/set/demo_shop/public/qa:${visitorId}:cart`,
    );
    await panel.locator('button', { hasText: 'get(key, timestamp)' }).click();
    expect(JSON.parse(await settled(out))).toEqual({ value: '["p001"]', route: 'cart-reminder' });
    await expect(url).toHaveText(
      `https://stash.svc.example/stash/v1.1/deferkv/get/demo_shop/public/qa:${visitorId}:cart?timestamp=${timestamp}`,
    );
    await panel.locator('button', { hasText: 'Advance the mock clock 1 hour' }).click();
    await panel.locator('button', { hasText: 'get(key, timestamp)' }).click();
    await expect(out).toHaveText('undefined (nothing stored)');
    expect(JSON.parse((await panel.locator('[data-output="stash-snapshot"]').textContent())!).deliveries).toEqual([
      expect.objectContaining({ key: `qa:${visitorId}:cart`, value: '["p001"]', route: 'cart-reminder' }),
    ]);

    // ts
    await panel.locator('select[name="opType"]').selectOption('ts');
    await panel.locator('[data-op="set"]').click();
    await expect(out).toHaveText(/^\d{10}$/);
    const stored = await out.textContent();
    await panel.locator('[data-op="get"]').click();
    await expect(out).toHaveText(stored!);

    // count: the counter key is the caller's key and the UTC date.
    await panel.locator('select[name="opType"]').selectOption('count');
    await panel.locator('input[name="namespace"]').fill('');
    await panel.locator('input[name="useVisitorId"]').uncheck();
    await panel.locator('input[name="key"]').fill('visits');
    await panel.locator('[data-op="increment"]').click();
    const counter = JSON.parse(await settled(out)) as Record<string, string>;
    const [counterKey] = Object.keys(counter);
    const today = await page.evaluate(() =>
      new Date(
        (window as unknown as { svcMock: { platform: { clock: { now(): number } } } }).svcMock.platform.clock.now(),
      )
        .toISOString()
        .slice(0, 10),
    );
    expect(counter).toEqual({ [`visits:${today}`]: today });
    await panel.locator('input[name="key"]').fill(counterKey);
    await panel.locator('button', { hasText: 'get(counterKey)' }).click();
    await expect(out).toHaveText('1');

    // A key the protocol refuses: nothing is sent.
    await panel.locator('input[name="key"]').fill('a/b');
    const stashCalls = () =>
      page.evaluate(
        () =>
          (window as unknown as { svcMock: { exchanges: { api: string }[] } }).svcMock.exchanges.filter(
            (x) => x.api === 'stash',
          ).length,
      );
    const sent = await stashCalls();
    await panel.locator('button', { hasText: 'get(counterKey)' }).click();
    await expect(out).toHaveAttribute('data-code', 'INVALID_ARGUMENT');
    await expect(panel.locator('[data-exchange="stash"]')).toHaveText('No request was sent.');
    expect(await stashCalls()).toBe(sent);
  });

  test('the experiences panel previews, filters by variation, ignores segments and fires callbacks', async ({
    page,
  }) => {
    const panel = await openPanel(page, 'experiences');
    const result = panel.locator('[data-output="experiences"]');
    await panel.locator('[data-action="get-experiences"]').click();
    await expect(result).toHaveAttribute('data-state', 'ok');
    const served = await result.locator('li[data-experience]').count();
    await panel.locator('input[name="ignoreSegments"]').check();
    await panel.locator('[data-action="get-experiences"]').click();
    await expect(panel.locator('[data-exchange="experiences"] .request-line code')).toHaveText(
      /[?&]ignoreSegments(&|$)/,
    );
    await expect.poll(() => result.locator('li[data-experience]').count()).toBeGreaterThan(served);
    // variation: only the payloads of that variation master id.
    const variation = await result.locator('li[data-experience]').first().getAttribute('data-variation');
    await panel.locator('input[name="variation"]').fill(variation!);
    await panel.locator('[data-action="get-experiences"]').click();
    await expect(panel.locator('[data-exchange="experiences"] .request-line code')).toHaveText(
      new RegExp(`[?&]variation=${variation}(&|$)`),
    );
    await expect(result.locator('li[data-experience]').first()).toHaveAttribute('data-variation', variation!);
    expect(await result.locator(`li[data-experience]:not([data-variation="${variation}"])`).count()).toBe(0);
    await panel.locator('input[name="variation"]').fill('');
    await panel.locator('input[name="preview"]').check();
    await panel.locator('[data-action="get-experiences"]').click();
    await expect(panel.locator('[data-exchange="experiences"] .request-line code')).toHaveText(/[?&]preview(&|$)/);

    // seen(): the callback is posted as received and the mock records the view.
    await result.locator('[data-action="seen"]').first().click();
    await expect(panel.locator('[data-output="callbacks"] li').first()).toHaveAttribute('data-ok', 'true');
    await expect(panel.locator('[data-exchange="experiences"] .request-line code')).toHaveText(
      /^https:\/\/experiences\.svc\.example\/v1\/callback\?data=/,
    );
    await expect(panel.locator('[data-output="experience-metrics"]')).toContainText('views 1');

    // An archived or unknown experience id: NOT_FOUND.
    await panel.locator('input[name="experienceIds"]').fill('999');
    await panel.locator('[data-action="get-experiences"]').click();
    await expect(result).toHaveAttribute('data-code', 'NOT_FOUND');
  });

  test('the integrations panel executes, hits the rate limit, schedules and cancels, with the runs recorded', async ({
    page,
  }) => {
    const panel = await openPanel(page, 'integrations');
    const out = panel.locator('[data-output="integrations"]');
    await panel.locator('select[name="integration"]').selectOption('welcome-email');
    await panel.locator('input[name="key"]').fill('{"email": "qa-1"}');
    await panel.locator('[data-action="execute"]').click();
    await expect(out).toContainText('"template": "welcome"');
    await expect(
      panel.locator('[data-output="runs"] li[data-integration="welcome-email"][data-status="ok"]'),
    ).toHaveCount(1);
    await expect(panel.locator('[data-output="runs"] li pre').first()).toContainText(
      'welcome email to ada@example.com',
    );
    // Once per week per email-derived key.
    await panel.locator('[data-action="execute"]').click();
    await expect(out).toHaveAttribute('data-code', 'RATE_LIMITED');

    await panel.locator('select[name="integration"]').selectOption('campaign-reminder');
    await panel.locator('input[name="key"]').fill('{"campaign": "spring", "email": "qa-2"}');
    await panel.locator('input[name="day"]').fill('mon-fri');
    await panel.locator('input[name="time"]').fill('09:00-17:00');
    await panel.locator('[data-action="schedule"]').click();
    await expect(out).toContainText('"runAt"');
    await expect(panel.locator('[data-output="pending"] li')).toContainText('campaign-reminder');
    await panel.locator('[data-action="cancel"]').click();
    await expect(out).toHaveText('1');
    await expect(panel.locator('[data-output="pending"] li')).toHaveText('None.');
  });

  test('a schedule runs at its time on an idle page, with no request to tick the clock', async ({ page }) => {
    type Svc = {
      svc: {
        createIntegration(name: string, o: object): { schedule(p: object, o: object): Promise<{ runAt: string }> };
      };
    };
    type Mock = {
      svcMock: {
        exchanges: unknown[];
        platform: {
          inspect: { integrations: { runs(f: object): { key: Record<string, unknown>; trigger: string }[] } };
        };
      };
    };
    // Quiet first: the storefront's own events (page view, shown) delivered. The widgets rendered,
    // each item in view shown (the Impressions panel says so), and the tracker's queue empty.
    for (const strategy of ['popular', 'trending', 'new'])
      await expect(page.locator(`#page section.recs[data-strategy="${strategy}"]`)).toHaveAttribute(
        'data-state',
        'ready',
        { timeout: 15_000 },
      );
    const quiet = () =>
      page.evaluate(() => {
        const inView = [...document.querySelectorAll<HTMLElement>('#page section.recs li')].filter((li) => {
          const r = li.getBoundingClientRect();
          return (
            Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= r.height / 2 &&
            Math.min(r.right, innerWidth) - Math.max(r.left, 0) >= r.width / 2
          );
        });
        const shown = document.querySelectorAll('[data-panel="impressions"] tr[data-shown="true"]').length;
        return {
          inView: inView.length > 0,
          allShown: shown >= inView.length,
          queued: (window as unknown as { svc: { tracker: { queued: number } } }).svc.tracker.queued,
        };
      });
    await expect.poll(quiet, { timeout: 10_000 }).toEqual({ inView: true, allShown: true, queued: 0 });
    const before = await page.evaluate(async () => {
      const w = window as unknown as Svc & Mock;
      await w.svc
        .createIntegration('welcome-email', { trackingId: 'demo_shop' })
        .schedule({}, { key: { email: 'idle-1' }, delay: 1_500 });
      return w.svcMock.exchanges.length;
    });
    const ranFor = () =>
      page.evaluate(() =>
        (window as unknown as Mock).svcMock.platform.inspect.integrations
          .runs({ trackingId: 'demo_shop', integration: 'welcome-email' })
          .filter((r) => r.key.email === 'idle-1')
          .map((r) => r.trigger),
      );
    await expect.poll(ranFor, { timeout: 5_000 }).toEqual(['schedule']);
    // Nothing reached the platform meanwhile that could have ticked it.
    expect(
      await page.evaluate(
        (n) =>
          (window as unknown as { svcMock: { exchanges: { url: string }[] } }).svcMock.exchanges
            .slice(n)
            .map((x) => x.url),
        before,
      ),
    ).toEqual([]);
  });

  test('a product whose name holds markup renders as text', async ({ page }, testInfo) => {
    const name = 'Mug <img src=x onerror=alert(document.domain)> <script>alert(1)</script>';
    const panel = await openPanel(page, 'catalog');
    await panel.locator('textarea[name="feed"]').fill(
      JSON.stringify([
        {
          id: 'qa-xss',
          categories: ['Kitchen'],
          locales: {
            'en-GBP': {
              name,
              description: '<b onmouseover=alert(2)>bold</b>',
              unit_price: 5,
              currency: 'GBP',
              image_url: '/images/qa-xss.svg',
            },
          },
        },
      ]),
    );
    await panel.locator('[data-action="load-feed"]').click();
    await expect(panel.locator('[data-output="catalog"]')).toHaveText('Loaded 1 product(s): qa-xss');
    await panel.locator('[data-action="open-product"]').click();
    await expect(page).toHaveURL(/\/product\/qa-xss$/);
    const product = page.locator('article.product');
    await expect(product.locator('h2.name')).toHaveText(name);
    await expect(product.locator('.description')).toHaveText('<b onmouseover=alert(2)>bold</b>');
    expect(await product.locator('img').count()).toBe(1);
    expect(await product.locator('img').getAttribute('src')).toBe('/images/qa-xss.svg');
    expect(await page.locator('#page script, #page b, img[src="x"]').count()).toBe(0);
    await keep(page, testInfo, 'markup-as-text');
  });

  test('a page opened directly at a product path renders it (the server answers index.html for storefront paths)', async ({
    page,
  }) => {
    await page.goto('/product/p001');
    await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('article.product')).toHaveAttribute('data-id', 'p001');
    await expect(page.locator('article.product img')).toHaveAttribute('src', '/images/p001.svg');
    const image = await page.request.get('/images/p001.svg');
    expect(image.headers()['content-type']).toBe('image/svg+xml');
    expect(await image.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const hostile = await page.request.get('/images/%3Cscript%3E.svg');
    expect(await hostile.text()).not.toContain('<script>');
  });
});

test('the storefront page is served under a strict CSP with Trusted Types: an HTML string cannot reach the DOM', async ({
  page,
}) => {
  const response = await page.goto('/category/Bags');
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("require-trusted-types-for 'script'; trusted-types default");
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  const outcome = await page.evaluate(() => {
    try {
      document.body.insertAdjacentHTML('beforeend', '<img src=x>');
      return 'inserted';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(outcome).toBe('TypeError');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  // The page's one policy lets the worker's script URL through and no other.
  const scriptUrl = await page.evaluate(() => {
    try {
      new Worker('/dist/svc.min.js');
      return 'created';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(scriptUrl).toBe('TypeError');
});
