// The demo as a QA tool (issue 18): it fits a phone and a desktop, tells the truth about a call
// the page gave up on, shows the shop as a shop would, and is usable from the keyboard.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openPanel } from './demo-panels';

type Exchanges = { svcMock: { exchanges: { api: string; aborted?: { reason: string }; late?: { status: number } }[] } };

async function ready(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
}

/** Opens every QA panel of the page at `path` and waits for its recommendations to settle. */
async function openEveryPanel(page: Page, path: string): Promise<void> {
  await ready(page, path);
  const names = await page.locator('details.panel').evaluateAll((ds) => ds.map((d) => d.getAttribute('data-panel')!));
  for (const name of names) await openPanel(page, name);
  await expect(page.locator('#page section.recs').first()).toHaveAttribute('data-state', /ready|error/, {
    timeout: 15_000,
  });
}

/** Errors the page threw, collected for the test's end. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const pages = ['/', '/category/Bags', '/product/p001', '/basket', '/confirmation/order-x', '/no-such-page'];

/** The page's width in CSS pixels, scrolled sideways or not. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// Written to docs/ (the README's pictures) with UPDATE_DOCS_SCREENSHOTS=1, else kept as test artifacts,
// so that a test run leaves the checkout as it was.
test('screenshots for the README: docs/demo-phone.png (390 x 844) and docs/demo-desktop.png (1280 x 800)', async ({
  page,
}, testInfo) => {
  for (const [file, width, height] of [
    ['docs/demo-phone.png', 390, 844],
    ['docs/demo-desktop.png', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await ready(page, '/');
    for (const strategy of ['popular', 'trending', 'new'])
      await expect(page.locator(`#page section.recs[data-strategy="${strategy}"]`)).toHaveAttribute(
        'data-state',
        'ready',
        { timeout: 15_000 },
      );
    await page.evaluate(() =>
      Promise.all(
        [...document.images].map((img) =>
          img.complete ? undefined : new Promise((r) => img.addEventListener('load', r, { once: true })),
        ),
      ),
    );
    const path = process.env.UPDATE_DOCS_SCREENSHOTS ? file : testInfo.outputPath(file.replace('docs/', ''));
    await page.screenshot({ path });
    await testInfo.attach(file, { path, contentType: 'image/png' });
  }
});

test('a call whose timeout is shorter than the mock latency stays a timeout, in the panel and in Recent calls', async ({
  page,
}) => {
  const errors = pageErrors(page);
  await ready(page);
  const faults = await openPanel(page, 'faults');
  await faults.locator('input[name="recommend-latency"]').fill('1500');
  await faults.locator('input[name="recommend-latency"]').dispatchEvent('change');
  const recommend = await openPanel(page, 'recommend');
  await recommend.locator('input[name="timeout"]').fill('300');
  await recommend.locator('[data-action="get"]').click();
  await expect(recommend.locator('[data-output="recommend"]')).toHaveAttribute('data-code', 'TIMEOUT');
  const exchange = recommend.locator('[data-exchange="recommend"]');
  await expect(exchange).toHaveAttribute('data-status', 'aborted');
  await expect(exchange.locator('.status-line')).toHaveText(
    /^TIMEOUT: the page aborted the request after \d+ ms, no answer$/,
  );

  // The mock answers after its latency: recorded as late, never as the call's answer.
  await expect
    .poll(
      () =>
        page.evaluate(
          () => (window as unknown as Exchanges).svcMock.exchanges.filter((x) => x.api === 'recs').at(-1)?.late?.status,
        ),
      { timeout: 5_000 },
    )
    .toBe(200);
  await expect(exchange).toHaveAttribute('data-status', 'aborted');
  await expect(exchange.locator('.status-line')).toHaveText(
    /^TIMEOUT: .*the mock answered HTTP 200 after \d+ ms, too late: the page never saw it$/,
  );
  await expect(exchange.locator('.response-body')).toHaveText('');
  await expect(recommend.locator('[data-output="recommend"]')).toHaveAttribute('data-code', 'TIMEOUT');

  const exchanges = await openPanel(page, 'exchanges');
  await exchanges.locator('select[name="api"]').selectOption('recs');
  const newest = exchanges.locator('ol.recent li').first();
  await expect(newest).toHaveAttribute('data-status', 'aborted');
  await expect(newest).toHaveText(/^TIMEOUT (GET|POST) https:\/\/recs\.svc\.example\//);
  await expect(exchanges.locator('[data-exchange="last"]')).toHaveAttribute('data-status', 'aborted');
  expect(errors).toEqual([]);
});

// One test per page, so the two workers share the pages (axe over every panel is slow on 2 cores). The
// panels open at a phone's width, then the window widens to a desktop's.
for (const path of pages) {
  test(`${path} with every QA panel open: no sideways scroll at 390 x 844 nor at 1280 x 800, and axe finds no serious or critical violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openEveryPanel(page, path);
    expect(await scrollWidth(page), `${path} at 390 px`).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await scrollWidth(page), `${path} at 1280 px`).toBeLessThanOrEqual(1280);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
    expect(serious, path).toEqual([]);
  });
}

test('the panels below the events log keep their place while the page’s first events arrive, so a click aimed at them lands', async ({
  page,
}) => {
  // From the recommendations panel's first layout: where its Apply button is, at each frame.
  await page.addInitScript(() => {
    const tops = new Set<number>();
    (window as unknown as { applyTops: Set<number> }).applyTops = tops;
    const sample = () => {
      const apply = [...document.querySelectorAll('[data-panel="recommend"] button')].find((b) =>
        b.textContent?.startsWith('Apply n, timeout'),
      );
      const box = apply?.getBoundingClientRect();
      if (box?.height) tops.add(Math.round(box.top + scrollY));
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await ready(page);
  await openPanel(page, 'recommend');
  // The page view and the cards' impressions are in the log: the first events have arrived.
  await expect(page.locator('[data-panel="events"] tbody tr[data-type="recommendationShown"]').first()).toBeAttached({
    timeout: 15_000,
  });
  const tops = await page.evaluate(() => [...(window as unknown as { applyTops: Set<number> }).applyTops]);
  expect(tops).toHaveLength(1);
});

test('the rules editor looks empty when it is empty; the panel starts from the storefront n and says what Apply changed', async ({
  page,
}) => {
  await ready(page);
  const recommend = await openPanel(page, 'recommend');
  const rules = recommend.locator('textarea[name="rules"]');
  await expect(rules).toHaveValue('');
  expect(await rules.getAttribute('placeholder')).toBeNull();
  await expect(recommend.locator('.validation')).toHaveText('No rules: the editor is empty.');
  await recommend.locator('button', { hasText: 'Insert example' }).click();
  await expect(recommend.locator('.validation')).toHaveText('2 valid rule(s).');
  await rules.fill('');

  await expect(recommend.locator('input[name="n"]')).toHaveValue('6');
  expect(await page.locator('#page section.recs[data-strategy="popular"] li').count()).toBe(6);
  const apply = recommend.locator('button', { hasText: 'Apply n, timeout and rules to the storefront' });
  await apply.click();
  await expect(recommend.locator('[data-output="widgets"]')).toHaveText(
    'Storefront widgets unchanged: n 6, timeout 0, 0 rule(s).',
  );
  await recommend.locator('input[name="n"]').fill('4');
  await apply.click();
  await expect(recommend.locator('[data-output="widgets"]')).toHaveText(
    'Storefront widgets: n 4, timeout 0, 0 rule(s) (were n 6, timeout 0, 0 rule(s)). Takes effect on the next page.',
  );
  await page.locator('header a.brand').click();
  await expect(page.locator('#page section.recs[data-strategy="popular"]')).toHaveAttribute('data-state', 'ready', {
    timeout: 15_000,
  });
  expect(await page.locator('#page section.recs[data-strategy="popular"] li').count()).toBe(4);
});

test('the shop as a shop: out of stock cannot be added, every category in the header, six cards a row at 1280 px, no silent home page for /qa', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ready(page);
  const { soldOut, categories } = await page.evaluate(() => {
    const feed = (
      window as unknown as {
        svcMock: {
          platform: {
            inspect: {
              recommend: {
                feed(t: string): { id: string; categories?: string[]; locales: Record<string, { stock?: number }> }[];
              };
            };
          };
        };
      }
    ).svcMock.platform.inspect.recommend.feed('demo_shop');
    return {
      soldOut: feed.find((p) => p.locales['en-GBP']?.stock === 0)!.id,
      categories: [...new Set(feed.map((p) => p.categories?.[0]).filter(Boolean))].sort(),
    };
  });
  expect(categories.length).toBe(10);
  expect(await page.locator('#nav a').allTextContents()).toEqual(categories);

  // Every card of a widget row is inside the page's main column (none clipped).
  const popular = page.locator('#page section.recs[data-strategy="popular"]');
  await expect(popular).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  const mainRight = await page.locator('#page').evaluate((m) => m.getBoundingClientRect().right);
  const cards = await popular
    .locator('li')
    .evaluateAll((lis) =>
      lis.map((li) => ({ top: li.getBoundingClientRect().top, right: li.getBoundingClientRect().right })),
    );
  expect(cards.length).toBe(6);
  for (const card of cards) expect(card.right).toBeLessThanOrEqual(mainRight);
  expect(new Set(cards.map((c) => c.top)).size).toBe(1);

  await page.goto(`/product/${soldOut}`);
  await expect(page.locator('article.product .stock')).toHaveText('Out of stock');
  const add = page.locator('article.product button.add');
  await expect(add).toBeDisabled();
  await expect(add).toHaveText('Out of stock');
  await expect(page.locator('#basket-count')).toHaveText('0');

  await page.goto('/qa');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#page')).toHaveAttribute('data-page', 'notFound');
  await expect(page.locator('#page h2')).toHaveText('Page not found');
  await expect(page.locator('#page .not-found')).toContainText('The shop has no page at /qa.');
});

test('integration durations read as milliseconds with one decimal at most', async ({ page }) => {
  await ready(page);
  const integrations = await openPanel(page, 'integrations');
  await integrations.locator('[data-action="execute"]').click();
  const run = integrations.locator('[data-output="runs"] li').first();
  await expect(run).toContainText(' ms');
  const ms = /in (\S+) ms/.exec((await run.textContent())!)![1];
  expect(ms).toMatch(/^\d+(\.\d)?$/);
});

test('every QA control works from the keyboard: open a panel, fill the form, run a call, switch a fault', async ({
  page,
}) => {
  await ready(page);
  // Tab to the Stash panel's summary and open it with Enter.
  const stashSummary = page.locator('[data-panel="stash"] summary');
  await stashSummary.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-panel="stash"]')).toHaveAttribute('data-loaded', 'true');
  // Every control of every panel can take the focus (no mouse-only control).
  for (const name of await page
    .locator('details.panel')
    .evaluateAll((ds) => ds.map((d) => d.getAttribute('data-panel')!)))
    await openPanel(page, name);
  const unfocusable = await page.locator('#qa').evaluate((qa) =>
    [...qa.querySelectorAll('button, input, select, textarea, summary')]
      .filter((c) => !(c as HTMLElement).hidden && (c as HTMLElement).offsetParent !== null)
      .filter((c) => {
        (c as HTMLElement).focus();
        return document.activeElement !== c && !(c as HTMLButtonElement).disabled;
      })
      .map((c) => c.outerHTML.slice(0, 80)),
  );
  expect(unfocusable).toEqual([]);

  // The recommendations panel from the keyboard only: n, then Tab to Run get() and press Enter.
  const recommend = page.locator('[data-panel="recommend"]');
  await recommend.locator('input[name="n"]').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await recommend.locator('[data-action="get"]').focus();
  await page.keyboard.press('Enter');
  await expect(recommend.locator('[data-output="recommend"]')).toHaveAttribute('data-state', 'ok');
  await expect(recommend.locator('[data-output="recommend"] li')).toHaveCount(3);

  // A fault switched with Space, the request shows it, Space again clears it.
  const faults = page.locator('[data-panel="faults"]');
  await faults.locator('input[name="recommend-500"]').focus();
  await page.keyboard.press('Space');
  await expect(faults.locator('[data-output="faults"]')).toContainText('"status": 500');
  await recommend.locator('[data-action="get"]').focus();
  await page.keyboard.press('Enter');
  await expect(recommend.locator('[data-output="recommend"]')).toHaveAttribute('data-code', 'SERVER_ERROR');
  await faults.locator('input[name="recommend-500"]').focus();
  await page.keyboard.press('Space');
  await expect(faults.locator('[data-output="faults"]')).toHaveText('{}');

  // The stash panel: choose an opType with the arrow keys, run an operation with Enter.
  const stash = page.locator('[data-panel="stash"]');
  await stash.locator('select[name="opType"]').focus();
  await page.keyboard.press('ArrowDown');
  await expect(stash.locator('select[name="opType"]')).toHaveValue('deferkv');
  await stash.locator('[data-op="set"]').focus();
  await page.keyboard.press('Enter');
  await expect(stash.locator('[data-output="stash"]')).toHaveAttribute('data-state', 'ok');
});

test('the demo server sends scripts, styles and pages compressed: brotli when accepted, else gzip, else as they are', async ({
  request,
}) => {
  for (const path of ['/dist/svc.min.js', '/dist/demo/mock.js', '/dist/demo/app.js', '/demo.css', '/']) {
    const br = await request.get(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status(), path).toBe(200);
    expect(br.headers()['content-encoding'], path).toBe('br');
    expect(br.headers().vary, path).toBe('Accept-Encoding');
    const gzip = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding'], path).toBe('gzip');
    const plain = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], path).toBeUndefined();
    // The same bytes once decoded (the client decodes).
    expect((await br.body()).equals(await plain.body()), path).toBe(true);
    expect((await gzip.body()).equals(await plain.body()), path).toBe(true);
  }
  const refused = await request.get('/dist/svc.min.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
  expect(refused.headers()['content-encoding']).toBe('gzip');
});

test('the browser receives the page scripts compressed, and a panel code arrives only when the panel is first opened', async ({
  page,
}) => {
  const scripts = new Map<string, string | undefined>();
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/dist/'))
      scripts.set(new URL(r.url()).pathname, r.headers()['content-encoding']);
  });
  await ready(page);
  await expect(page.locator('[data-panel="recommend"]')).toHaveAttribute('data-loaded', 'true');
  for (const path of ['/dist/svc.min.js', '/dist/demo/mock.js', '/dist/demo/app.js'])
    expect(scripts.get(path), path).toBe('br');
  const chunk = (name: string) =>
    [...scripts.keys()].filter((p) => new RegExp(`^/dist/demo/chunks/${name}-[\\w-]+\\.js$`).test(p));
  expect(chunk('recommend-panel')).toHaveLength(1); // open at start
  expect(chunk('stash-panel')).toEqual([]);
  expect(await page.locator('[data-panel="stash"] input[name="key"]').count()).toBe(0);
  await openPanel(page, 'stash');
  expect(chunk('stash-panel')).toHaveLength(1);
  expect(scripts.get(chunk('stash-panel')[0])).toBe('br');
  await expect(page.locator('[data-panel="stash"] input[name="key"]')).toHaveValue('cart');
});

test('Flush now sends at once after an events fault is cleared, without waiting for the backoff', async ({ page }) => {
  // The backoff's jitter at its top: a retry waits the whole backoff, so only Flush now can send early. Still random
  // below 1: msw names the page's requests by Math.random(), and equal names would mix up the mock's log of exchanges.
  await page.addInitScript(() => {
    const random = Math.random;
    Math.random = () => 0.999 + random() / 1000;
  });
  await ready(page);
  const faults = await openPanel(page, 'faults');
  await faults.locator('input[name="events-500"]').check();
  // New events while the endpoint fails: the page view and the items shown.
  await page.locator('header a.brand').click();
  await expect(page.locator('#page section.recs[data-strategy="popular"]')).toHaveAttribute('data-state', 'ready', {
    timeout: 15_000,
  });
  const events = page.locator('[data-panel="events"]');
  // Three failed attempts (after about 0, 1 and 3 s): the next retry then waits about 4 s.
  const failed = () =>
    page.evaluate(
      () =>
        (window as unknown as { svcMock: { exchanges: { api: string; status?: number }[] } }).svcMock.exchanges.filter(
          (x) => x.api === 'events' && x.status === 500,
        ).length,
    );
  await expect.poll(failed, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await expect(events.locator('tr[data-state="retried"]').first()).toBeVisible();
  await events.locator('[data-action="flush"]').click();
  await expect(events.locator('[data-output="flush"]')).toContainText('still queued');
  await faults.locator('input[name="events-500"]').uncheck();
  // The outcome of this flush() itself (set once it resolved), not of a later retry.
  await events.locator('[data-action="flush"]').click();
  await expect(events.locator('[data-output="flush"]')).not.toHaveText('Flushing…');
  await expect(events.locator('[data-output="flush"]')).toHaveText('Flushed: nothing left in the queue.');
  expect(
    await page.evaluate(() => (window as unknown as { svc: { tracker: { queued: number } } }).svc.tracker.queued),
  ).toBe(0);
  // Nothing pending: none waits in the tracker, none is queued, sent without an answer, or retried.
  await expect(page.locator('[data-panel="visitor"] [data-field="queued"]')).toHaveText('0');
  await expect(
    events.locator('tbody tr[data-state="queued"], tbody tr[data-state="sent"], tbody tr[data-state="retried"]'),
  ).toHaveCount(0);
});

test('the metrics chart names each widget strategy with the strategy that answered', async ({ page }) => {
  // The product page's carousel reports the cards seen too: counted apart, from its own impression events.
  await page.addInitScript(() => {
    (window as unknown as { carouselShown: number }).carouselShown = 0;
    document.addEventListener('svc-impression', (event) => {
      const { state } = (event as CustomEvent<{ state: string }>).detail;
      if (state === 'shown' && (event.target as Element).closest('.recs-carousel'))
        (window as unknown as { carouselShown: number }).carouselShown++;
    });
  });
  await ready(page, '/product/p001');
  for (const strategy of ['engagement', 'conversion'])
    await expect(page.locator(`#page section.recs[data-strategy="${strategy}"]`)).toHaveAttribute(
      'data-state',
      'ready',
      { timeout: 15_000 },
    );
  const rendered = await page.locator('#page section.recs').evaluateAll((sections) =>
    sections.flatMap((s) =>
      [...s.querySelectorAll('li .by')].map((by) => ({
        widget: s.getAttribute('data-strategy')!,
        component: by.textContent!.trim(),
      })),
    ),
  );
  // Items count as shown after a second in view (observe): bring each widget into view in turn.
  for (const section of await page.locator('#page section.recs').all()) {
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1200);
  }
  // Every widget card is shown: the rows shown, but the carousel's.
  const widgetCardsShown = async () =>
    (await page.locator('[data-panel="impressions"] tbody tr[data-shown="true"]').count()) -
    (await page.evaluate(() => (window as unknown as { carouselShown: number }).carouselShown));
  await expect.poll(widgetCardsShown).toBe(rendered.length);
  await page.evaluate(() =>
    (window as unknown as { svc: { tracker: { flush(): Promise<void> } } }).svc.tracker.flush(),
  );
  // The chart follows the mock as it records: no refresh.
  const events = page.locator('[data-panel="events"]');
  for (const { widget, component } of rendered) {
    const row = events.locator(`table.metrics tr[data-strategy="${component}"]`);
    await expect(row).toBeVisible();
    expect((await row.getAttribute('data-widget'))!.split(','), component).toContain(widget);
    await expect(row.locator('td.widget')).toContainText(widget);
  }
  // The chart's labels read `widget → component` where the two differ.
  const differing = rendered.find((r) => r.widget !== r.component);
  if (differing)
    await expect(
      events.locator('[data-chart="metrics"] svg text.label', {
        hasText: `${differing.widget} → ${differing.component}`,
      }),
    ).toHaveCount(1);
});

test('a panel whose code cannot be loaded says so, and loads when opened again', async ({ page }) => {
  // On the context: the page's requests go through the MSW service worker, which page.route does not see.
  await page
    .context()
    .route(/\/dist\/demo\/chunks\/stash-panel-[\w-]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'not found' }),
    );
  await ready(page);
  const stash = page.locator('[data-panel="stash"]');
  await stash.locator('summary').click();
  await expect(stash.locator('p.warning')).toContainText('This panel could not be loaded');
  await page.context().unroute(/\/dist\/demo\/chunks\/stash-panel-[\w-]+\.js$/);
  await stash.locator('summary').click(); // closed
  await stash.locator('summary').click(); // open again
  await expect(stash).toHaveAttribute('data-loaded', 'true');
  await expect(stash.locator('input[name="key"]')).toHaveValue('cart');
  await expect(stash.locator('p.warning')).toHaveCount(0);
});
