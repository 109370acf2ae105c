// The demo as a QA tool (issue 18): it fits a phone and a desktop, tells the truth about a call
// the page gave up on, shows the shop as a shop would, and is usable from the keyboard.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type Exchanges = { svcMock: { exchanges: { api: string; aborted?: { reason: string }; late?: { status: number } }[] } };

async function ready(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
}

async function openPanel(page: Page, name: string) {
  const panel = page.locator(`[data-panel="${name}"]`);
  if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open))) await panel.locator('summary').click();
  await expect(panel).toHaveAttribute('data-loaded', 'true');
  return panel;
}

/** Errors the page threw, collected for the test's end. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const pages = ['/', '/category/Bags', '/product/p001', '/basket', '/confirmation/order-x', '/no-such-page'];

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  test(`no page scrolls sideways at ${width} x ${height}, with every QA panel open`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    for (const path of pages) {
      await ready(page, path);
      for (const name of await page.locator('details.panel').evaluateAll((ds) => ds.map((d) => d.getAttribute('data-panel')!))) await openPanel(page, name);
      await expect(page.locator('#page section.recs').first()).toHaveAttribute('data-state', /ready|error/, { timeout: 15_000 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, path).toBeLessThanOrEqual(width);
    }
  });
}

test('screenshots for the README: docs/demo-phone.png (390 x 844) and docs/demo-desktop.png (1280 x 800)', async ({ page }) => {
  for (const [file, width, height] of [
    ['docs/demo-phone.png', 390, 844],
    ['docs/demo-desktop.png', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await ready(page, '/');
    for (const strategy of ['popular', 'trending', 'new']) await expect(page.locator(`#page section.recs[data-strategy="${strategy}"]`)).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    await page.evaluate(() => Promise.all([...document.images].map((img) => (img.complete ? undefined : new Promise((r) => img.addEventListener('load', r, { once: true }))))));
    await page.screenshot({ path: file });
  }
});

test('a call whose timeout is shorter than the mock latency stays a timeout, in the panel and in Recent calls', async ({ page }) => {
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
  await expect(exchange.locator('.status-line')).toHaveText(/^TIMEOUT: the page aborted the request after \d+ ms, no answer$/);

  // The mock answers after its latency: recorded as late, never as the call's answer.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Exchanges).svcMock.exchanges.filter((x) => x.api === 'recs').at(-1)?.late?.status), { timeout: 5_000 })
    .toBe(200);
  await expect(exchange).toHaveAttribute('data-status', 'aborted');
  await expect(exchange.locator('.status-line')).toHaveText(/^TIMEOUT: .*the mock answered HTTP 200 after \d+ ms, too late: the page never saw it$/);
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

test('axe finds no serious or critical violation on any demo page, with every QA panel open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of pages) {
    await ready(page, path);
    for (const name of await page.locator('details.panel').evaluateAll((ds) => ds.map((d) => d.getAttribute('data-panel')!))) await openPanel(page, name);
    await expect(page.locator('#page section.recs').first()).toHaveAttribute('data-state', /ready|error/, { timeout: 15_000 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
    expect(serious, path).toEqual([]);
  }
});
