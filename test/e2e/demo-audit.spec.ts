// Acceptance audit of issue 10: what demo.spec.ts leaves loose. Every rendered recommendation is
// reported `shown` exactly once with what the platform answered (since issue 16, once it has been in
// view), none is `clicked` until followed, and browsing teaches the mock's engine (recommendations
// change as QA browses).
import { expect, type Page, test } from '@playwright/test';
import { openPanel } from './demo-panels';

interface Received {
  meta: { type: string };
  data: { id: string; strategy: string; weight: number; position?: number };
}

/** Flushes the page's tracker, then what the mock received of `type`. */
async function receivedOf(page: Page, type: string): Promise<Received['data'][]> {
  await page.evaluate(() =>
    (window as unknown as { svc: { tracker: { flush(): Promise<unknown> } } }).svc.tracker.flush(),
  );
  return page.evaluate(
    (t) =>
      (
        window as unknown as { svcMock: { platform: { inspect: { events: { received(tid: string): Received[] } } } } }
      ).svcMock.platform.inspect.events
        .received('demo_shop')
        .filter((e) => e.meta.type === t)
        .map((e) => e.data),
    type,
  );
}

/** The `new` strategy's weight of `id` as the engine answers it now (1 + its views). */
const newWeightOf = (page: Page, id: string) =>
  page.evaluate((productId) => {
    const { platform } = (
      window as unknown as {
        svcMock: {
          platform: { services: { recommend: { recommend(r: unknown): { items: { id: string; weight: number }[] } } } };
        };
      }
    ).svcMock;
    const { items } = platform.services.recommend.recommend({
      trackingId: 'demo_shop',
      strategies: ['new'],
      n: 50,
      seed: ['all'],
      rules: [],
      debug: false,
    });
    return items.find((i) => i.id === productId)?.weight;
  }, id);

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  for (const strategy of ['popular', 'trending', 'new'])
    await expect(page.locator(`#page section.recs[data-strategy="${strategy}"]`)).toHaveAttribute(
      'data-state',
      'ready',
      { timeout: 15_000 },
    );
});

test('each recommendation is reported shown once, after a second in view, with the id and component strategy rendered; none clicked until followed', async ({
  page,
}) => {
  const items = page.locator('#page section.recs li');
  const rendered = await items.evaluateAll((lis) =>
    lis.map((li) => ({
      id: li.getAttribute('data-id')!,
      strategy: li.querySelector('.by')!.textContent!.trim(),
      below: li.getBoundingClientRect().top > innerHeight,
    })),
  );
  expect(rendered.length).toBeGreaterThan(6);
  // Components, not the composite: the trending widget names trending_ols_views_1 / trending_ewma_views_1.
  expect(rendered.map((r) => r.strategy)).not.toContain('trending');
  const key = (x: { id: string; strategy: string }) => `${x.strategy} ${x.id}`;
  // Items below the fold are not shown before the visitor scrolls to them.
  const below = rendered.filter((r) => r.below).map(key);
  expect(below.length).toBeGreaterThan(0);
  await page.waitForTimeout(1200);
  expect((await receivedOf(page, 'recommendationShown')).map(key).filter((k) => below.includes(k))).toEqual([]);
  // Scrolled to, each widget in turn for 1.2 s: every item goes out once.
  for (const section of await page.locator('#page section.recs').all()) {
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1200);
  }
  await expect.poll(async () => (await receivedOf(page, 'recommendationShown')).length).toBe(rendered.length);
  const shown = await receivedOf(page, 'recommendationShown');
  expect(shown.map(key).sort()).toEqual(rendered.map(key).sort());
  for (const event of shown) expect(event.weight).toBeGreaterThan(0);
  expect(await receivedOf(page, 'recommendationClicked')).toEqual([]);
  // The QA panel's Impressions: every rendered item shown, none clicked.
  const rows = page.locator('[data-panel="impressions"] tbody tr');
  await expect(rows).toHaveCount(rendered.length);
  await expect(page.locator('[data-panel="impressions"] tbody tr[data-shown="true"][data-clicked="0"]')).toHaveCount(
    rendered.length,
  );
});

test('browsing teaches the engine: opening a new product adds its detail view to what `new` ranks by', async ({
  page,
}) => {
  const first = page.locator('#page section.recs[data-strategy="new"] li').first();
  const id = (await first.getAttribute('data-id'))!;
  const before = await newWeightOf(page, id);
  expect(before).toBeGreaterThanOrEqual(1);
  await first.locator('a').click();
  await expect(page.locator('article.product')).toHaveAttribute('data-id', id);
  await expect
    .poll(async () =>
      (await receivedOf(page, 'ecProduct')).some((e) => (e as unknown as { eventType: string }).eventType === 'detail'),
    )
    .toBe(true);
  expect(await newWeightOf(page, id)).toBe(before! + 1);
  const clicked = await receivedOf(page, 'recommendationClicked');
  expect(clicked).toEqual([expect.objectContaining({ id, strategy: 'new', position: 1 })]);
});

test('the rules editor refuses what the platform refuses: `log` is no operator of the platform, so nothing is sent', async ({
  page,
}) => {
  const panel = await openPanel(page, 'recommend');
  const recsSent = () =>
    page.evaluate(
      () =>
        (window as unknown as { svcMock: { exchanges: { api: string }[] } }).svcMock.exchanges.filter(
          (x) => x.api === 'recs',
        ).length,
    );
  const before = await recsSent();
  await panel.locator('textarea[name="rules"]').fill('[{"condition": {"log": [{"var": "rec.id"}]}, "factor": 1}]');
  await expect(panel.locator('.validation')).toHaveText('Invalid: rules[0].condition uses the unknown operator "log"');
  await panel.locator('[data-action="get"]').click();
  await expect(panel.locator('[data-output="recommend"]')).toHaveAttribute('data-code', 'INVALID_RULES');
  expect(await recsSent()).toBe(before);
});
