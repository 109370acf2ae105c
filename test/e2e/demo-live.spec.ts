// The QA page never shows a stale claim (issue 61): what follows the mock as it records is checked
// against the mock's own records without any refresh, and what a panel reads only when asked shows when it
// read it ("as of"), which a Refresh changes.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPanel } from './demo-panels';

async function ready(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
}

type Row = { strategy: string; shown: number; clicked: number };
type Demo = {
  svcMock: { platform: { inspect: { events: { metrics(trackingId: string): Row[] } } } };
};

/**
 * The chart's rows and the mock's metrics, read in one go: `same` when every strategy's shown and clicked
 * counts agree, else both (the failure message shows them).
 */
const chartAgainstMock = (page: Page) =>
  page.evaluate(() => {
    const mock = (window as unknown as Demo).svcMock.platform.inspect.events
      .metrics('demo_shop')
      .map(({ strategy, shown, clicked }) => ({ strategy, shown, clicked }))
      .sort((a, b) => a.strategy.localeCompare(b.strategy));
    const chart = [...document.querySelectorAll('[data-panel="events"] table.metrics tbody tr')]
      .map((tr) => ({
        strategy: tr.getAttribute('data-strategy') ?? '',
        shown: Number(tr.querySelector('.shown')?.textContent),
        clicked: Number(tr.querySelector('.clicked')?.textContent),
      }))
      .sort((a, b) => a.strategy.localeCompare(b.strategy));
    return JSON.stringify(chart) === JSON.stringify(mock) ? 'same' : JSON.stringify({ chart, mock });
  });

/** The mock's shown and clicked, summed over its strategies. */
const mockTotals = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as Demo).svcMock.platform.inspect.events
      .metrics('demo_shop')
      .reduce((sum, row) => ({ shown: sum.shown + row.shown, clicked: sum.clicked + row.clicked }), {
        shown: 0,
        clicked: 0,
      }),
  );

/** Brings each of the page's widgets into view for the second that makes its cards `shown`. */
async function viewWidgets(page: Page): Promise<void> {
  for (const section of await page.locator('#page section.recs').all()) {
    await expect(section).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1200);
  }
}

test('the chart follows the mock: its counts are the mock metrics within 1 s of an acknowledged impression, and of a click', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await ready(page, '/');
  const events = page.locator('[data-panel="events"]');
  await expect(events.locator('button', { hasText: /refresh/i })).toHaveCount(0);
  // Empty only while the mock holds no impression of the property.
  if ((await mockTotals(page)).shown === 0)
    await expect(events.locator('[data-chart="empty"]')).toHaveText('No recommendation shown yet.');
  await viewWidgets(page);
  const log = events.locator('.sdk-state table');
  await expect(log.locator('tr[data-type="recommendationShown"][data-state="acknowledged"]').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => chartAgainstMock(page), { timeout: 1000 }).toBe('same');
  expect((await mockTotals(page)).shown).toBeGreaterThan(0);
  await expect(events.locator('[data-chart="empty"]')).toHaveCount(0);

  // A click: counted by the mock once its event is acknowledged, and on the chart within 1 s of that.
  const card = page.locator('#page section.recs[data-strategy="popular"] li').first();
  await card.locator('a').click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(log.locator('tr[data-type="recommendationClicked"][data-state="acknowledged"]').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => chartAgainstMock(page), { timeout: 1000 }).toBe('same');
  expect((await mockTotals(page)).clicked).toBe(1);
  await expect(events.locator('table.metrics td.clicked', { hasText: /^1$/ })).toHaveCount(1);
});

test('the requests panel follows the worker: its recent calls are the exchanges within 1 s of each', async ({
  page,
}) => {
  await ready(page, '/');
  const exchanges = await openPanel(page, 'exchanges');
  const listAgainstExchanges = () =>
    page.evaluate(() => {
      type X = { method: string; url: string; done: boolean; status?: number; aborted?: unknown };
      const all = (window as unknown as { svcMock: { exchanges: X[] } }).svcMock.exchanges;
      const statusOf = (x: X) => (x.aborted ? 'aborted' : x.done ? String(x.status) : 'pending');
      const want = all
        .slice(-15)
        .reverse()
        .map((x) => `${statusOf(x)} ${x.method} ${x.url}`);
      const shown = [...document.querySelectorAll('[data-panel="exchanges"] ol.recent li')].map(
        (li) => `${li.getAttribute('data-status')} ${li.textContent?.replace(/^\S+ /, '')}`,
      );
      return JSON.stringify(shown) === JSON.stringify(want) ? 'same' : JSON.stringify({ shown, want });
    });
  await expect.poll(listAgainstExchanges, { timeout: 1000 }).toBe('same');
  // A call the panel did not make: a stash read by the page's own code.
  const before = await page.evaluate(
    () => (window as unknown as { svcMock: { exchanges: unknown[] } }).svcMock.exchanges.length,
  );
  await page.evaluate(() =>
    (
      window as unknown as {
        svc: { createStash(t: 'kv', id: string, o: object): { get(key: string): Promise<unknown> } };
      }
    ).svc
      .createStash('kv', 'demo_shop', { useVisitorId: false })
      .get('behind-the-panel'),
  );
  expect(
    await page.evaluate(() => (window as unknown as { svcMock: { exchanges: unknown[] } }).svcMock.exchanges.length),
  ).toBeGreaterThan(before);
  await expect.poll(listAgainstExchanges, { timeout: 1000 }).toBe('same');
  await expect(exchanges.locator('ol.recent li').first()).toContainText('behind-the-panel');
});

/** A panel that reads when asked: its "as of" time (the <time>'s `datetime`, and its text). */
async function asOf(panel: Locator, name: string): Promise<{ datetime: string; text: string }> {
  const at = panel.locator(`time[data-as-of="${name}"]`);
  await expect(at).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  return { datetime: (await at.getAttribute('datetime'))!, text: (await at.textContent())! };
}

test('each panel that reads the mock when asked says when it read it, and a Refresh reads again', async ({ page }) => {
  await ready(page, '/');
  const names = ['faults', 'stash', 'experiences', 'integrations'] as const;
  const panels = {} as Record<(typeof names)[number], Locator>;
  const before = {} as Record<(typeof names)[number], { datetime: string; text: string }>;
  for (const name of names) {
    panels[name] = await openPanel(page, name);
    before[name] = await asOf(panels[name], name);
  }
  const shownBefore = {
    experiences: await panels.experiences.locator('[data-output="experience-metrics"]').textContent(),
    integrations: await panels.integrations.locator('ol.runs li').count(),
  };
  // The platform changes behind the panels' backs: a fault set from the console, the page's own calls.
  await page.evaluate(async () => {
    type Api = {
      svcMock: {
        platform: {
          faults: { set(route: string, fault: object): void };
          inspect: { integrations: { idle(): Promise<void> } };
        };
      };
      svc: {
        createStash(t: 'kv', id: string, o: object): { set(key: string, value: string): Promise<unknown> };
        createExperiencesClient(o: object): { getExperiences(): Promise<unknown> };
        createIntegration(name: string, o: object): { execute(payload: unknown, o: object): Promise<unknown> };
      };
    };
    const { svc, svcMock } = window as unknown as Api;
    svcMock.platform.faults.set('integrations', { latencyMs: 300 });
    await svc.createStash('kv', 'demo_shop', { useVisitorId: false }).set('behind-the-panel', '"set by the page"');
    await svc.createExperiencesClient({ trackingId: 'demo_shop' }).getExperiences();
    const integration = document.querySelector<HTMLSelectElement>('[data-panel="integrations"] select')!.value;
    await svc
      .createIntegration(integration, { trackingId: 'demo_shop' })
      .execute({ to: 'ada@example.com' }, { key: { email: `behind-${Date.now()}` } });
    await svcMock.platform.inspect.integrations.idle();
  });
  // Until refreshed, each still shows what it read then, as of then.
  await expect(panels.faults.locator('input[name="integrations-latency"]')).toHaveValue('0');
  await expect(panels.stash.locator('[data-output="stash-snapshot"]')).not.toContainText('behind-the-panel');
  // A second later, so that the time's text changes too.
  await page.waitForTimeout(1100);
  for (const name of names) {
    expect(await asOf(panels[name], name)).toEqual(before[name]);
    await panels[name].locator('.as-of button', { hasText: 'Refresh' }).click();
    const after = await asOf(panels[name], name);
    expect(Date.parse(after.datetime), name).toBeGreaterThan(Date.parse(before[name].datetime));
    expect(after.text, name).not.toBe(before[name].text);
    expect(after.text, name).toBe(after.datetime.slice(11, 19));
  }
  await expect(panels.faults.locator('input[name="integrations-latency"]')).toHaveValue('300');
  await expect(panels.faults.locator('[data-output="faults"]')).toContainText('"latencyMs": 300');
  await expect(panels.stash.locator('[data-output="stash-snapshot"]')).toContainText('behind-the-panel');
  await expect(panels.experiences.locator('[data-output="experience-metrics"]')).not.toHaveText(
    shownBefore.experiences!,
  );
  await expect(panels.integrations.locator('ol.runs li')).toHaveCount(Math.min(10, shownBefore.integrations + 1));
});

// Written to docs/ (docs/qa.md's pictures) with UPDATE_DOCS_SCREENSHOTS=1, else kept as test artifacts.
test('screenshots for docs/qa.md: the Events panel with live counts at 390 and 1366 px', async ({ page }, testInfo) => {
  for (const [file, width, height] of [
    ['docs/qa-events-phone.png', 390, 844],
    ['docs/qa-events-desktop.png', 1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await ready(page, '/');
    await viewWidgets(page);
    const events = page.locator('[data-panel="events"]');
    await expect(
      events.locator('.sdk-state tr[data-type="recommendationShown"][data-state="acknowledged"]').first(),
    ).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => chartAgainstMock(page), { timeout: 1000 }).toBe('same');
    await expect(events.locator('table.metrics tbody tr').first()).toBeVisible();
    const path = process.env.UPDATE_DOCS_SCREENSHOTS ? file : testInfo.outputPath(file.replace('docs/', ''));
    await events.screenshot({ path, animations: 'disabled' });
    // Nothing of the panel reaches past the page's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), file).toBeLessThanOrEqual(width);
  }
});
