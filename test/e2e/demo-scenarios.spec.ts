// Scenarios (issue 18): QA exports the whole situation of the demo (platform state, faults, rules,
// clock, URL) as a JSON file or a link; a developer, in a browser of their own (a fresh context:
// no cookies, no storage), imports it and sees the same recommendations, fault and stash values.
import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { openPanel } from './demo-panels';

type Mock = {
  svcMock: {
    platform: {
      faults: { list(): Record<string, unknown> };
      clock: { now(): number };
      inspect: { stash: { snapshot(trackingId: string): unknown } };
      snapshot(): { operations: unknown[] };
    };
  };
};

async function ready(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
}

/** The product ids of every storefront widget of the page, by strategy, once all are ready. */
async function widgetItems(page: Page): Promise<Record<string, string[]>> {
  const widgets = page.locator('#page section.recs');
  await expect(widgets.first()).toBeVisible({ timeout: 15_000 });
  for (const widget of await widgets.all())
    await expect(widget).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  return widgets.evaluateAll((sections) =>
    Object.fromEntries(
      sections.map((s) => [
        s.getAttribute('data-strategy')!,
        [...s.querySelectorAll('li[data-id]')].map((li) => li.getAttribute('data-id')!),
      ]),
    ),
  );
}

/** What the acceptance compares: the platform's faults, its stash for demo_shop, and the stash value read through the SDK. */
async function platformState(page: Page) {
  return page.evaluate(() => {
    const { platform } = (window as unknown as Mock).svcMock;
    return { faults: platform.faults.list(), stash: platform.inspect.stash.snapshot('demo_shop') };
  });
}

async function stashGet(page: Page): Promise<string> {
  const stash = await openPanel(page, 'stash');
  await stash.locator('select[name="opType"]').selectOption('kv');
  await stash.locator('input[name="namespace"]').fill('qa');
  await stash.locator('input[name="key"]').fill('cart');
  await stash.locator('[data-op="get"]').first().click();
  await expect(stash.locator('[data-output="stash"]')).toHaveAttribute('data-state', 'ok');
  return (await stash.locator('[data-output="stash"]').textContent())!;
}

/** A developer's browser: no cookies, no storage of the QA person's. */
async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('a scenario with a fault, a rule and stash data comes back the same from the file and from the link', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await ready(page, '/category/Bags');
  const before = await widgetItems(page);
  const first = page.locator('#page section.recs li[data-id]').first();
  const [removedId, removedName] = [await first.getAttribute('data-id'), await first.locator('.name').textContent()];

  // A rule that removes the first product shown, applied to the storefront.
  const recommend = await openPanel(page, 'recommend');
  const rules = JSON.stringify(
    [{ name: 'not this one', condition: { '==': [{ var: 'rec.name' }, removedName] }, factor: 0 }],
    null,
    1,
  );
  await recommend.locator('textarea[name="rules"]').fill(rules);
  await recommend.getByRole('button', { name: /^Apply/ }).click();
  await expect(recommend.locator('[data-output="widgets"]')).toContainText('1 rule(s)');
  // A fault: the experiences route answers HTTP 500, after 200 ms.
  const faults = await openPanel(page, 'faults');
  await faults.locator('input[name="experiences-latency"]').fill('200');
  await faults.locator('input[name="experiences-latency"]').dispatchEvent('change');
  await faults.locator('input[name="experiences-500"]').check();
  // Stash data: kv `qa:<visitor>:cart` and a counter.
  const stash = await openPanel(page, 'stash');
  await stash.locator('input[name="namespace"]').fill('qa');
  await stash.locator('input[name="value"]').fill('["p010","p020"]');
  await stash.locator('[data-op="set"]').click();
  await expect(stash.locator('[data-output="stash"]')).toHaveAttribute('data-state', 'ok');
  await stash.locator('select[name="opType"]').selectOption('count');
  await stash.locator('[data-op="increment"]').click();
  await expect(stash.locator('[data-output="stash"]')).toHaveAttribute('data-state', 'ok');

  // The page again (in-page navigation keeps the platform): the rule is in force.
  await page.locator('#nav a', { hasText: 'Bags' }).click();
  await expect(page.locator('#page section.recs li[data-id]').first()).not.toHaveAttribute('data-id', removedId!, {
    timeout: 15_000,
  });
  const items = await widgetItems(page);
  expect(Object.values(items).flat()).not.toContain(removedId);
  expect(items).not.toEqual(before);
  const state = await platformState(page);
  expect(state.faults).toEqual({ experiences: { latencyMs: 200, status: 500 } });
  const stashValue = await stashGet(page);
  expect(stashValue).toContain('p010');

  // Export: a download, and the same JSON shown in the panel.
  const scenarioPanel = await openPanel(page, 'scenario');
  const download = page.waitForEvent('download');
  await scenarioPanel.locator('[data-action="export"]').click();
  const file = testInfo.outputPath((await download).suggestedFilename());
  await (await download).saveAs(file);
  expect((await download).suggestedFilename()).toMatch(/^svc-demo-scenario-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
  const scenario = JSON.parse(readFileSync(file, 'utf8'));
  expect(scenario).toMatchObject({
    format: 'svc-demo-scenario',
    version: 1,
    url: '/category/Bags',
    rules,
    faults: state.faults,
  });
  expect(scenario.snapshot).toMatchObject({ format: 'svc-mock-state', version: 1, fixtures: {} });
  expect(JSON.parse((await scenarioPanel.locator('[data-output="scenario"]').textContent())!)).toEqual(scenario);
  // The link, from the field (the clipboard needs a permission the test does not grant).
  await scenarioPanel.locator('[data-action="copy-link"]').click();
  // The link is compressed asynchronously (CompressionStream): wait for the field to be filled.
  const linkField = scenarioPanel.locator('input[name="scenario-link"]');
  await expect(linkField).toHaveValue(/#scenario=/);
  const link = await linkField.inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/category/Bags#scenario=[A-Za-z0-9_-]+$`));

  const replays: [string, (developer: Page) => Promise<void>][] = [
    [
      'the file',
      async (developer) => {
        await ready(developer, '/');
        // A fresh demo has none of it.
        expect((await platformState(developer)).faults).toEqual({});
        const panel = await openPanel(developer, 'scenario');
        await panel.locator('input[name="scenario-file"]').setInputFiles(file);
        await developer.waitForURL('**/category/Bags');
      },
    ],
    ['the link', (developer) => developer.goto(link).then(() => developer.waitForURL('**/category/Bags'))],
  ];
  for (const [how, replay] of replays) {
    await test.step(`restored from ${how}`, async () => {
      const developer = await freshPage(browser, baseURL!);
      const developerErrors: string[] = [];
      developer.on('pageerror', (e) => developerErrors.push(e.message));
      await replay(developer);
      await expect(developer.locator('#status')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
      expect(new URL(developer.url()).hash).toBe('');
      await expect(developer.locator('#status')).toContainText('Restored the scenario from');
      const restored = await openPanel(developer, 'scenario');
      await expect(restored.locator('[data-output="scenario-status"]')).toHaveAttribute('data-state', 'ok');
      await expect(restored.locator('[data-output="scenario-status"]')).toContainText('/category/Bags');

      expect(await widgetItems(developer)).toEqual(items);
      expect(await platformState(developer)).toEqual(state);
      expect(await stashGet(developer)).toBe(stashValue);
      // The QA panel shows what was restored: the rules editor, the storefront's rules and the fault's switches.
      const recommendPanel = await openPanel(developer, 'recommend');
      await expect(recommendPanel.locator('textarea[name="rules"]')).toHaveValue(rules);
      await expect(recommendPanel.locator('[data-output="widgets"]')).toContainText('1 rule(s)');
      const faultsPanel = await openPanel(developer, 'faults');
      await expect(faultsPanel.locator('input[name="experiences-500"]')).toBeChecked();
      await expect(faultsPanel.locator('input[name="experiences-latency"]')).toHaveValue('200');
      // The platform's time goes on from the export, not from the import.
      const now = await developer.evaluate(() => (window as unknown as Mock).svcMock.platform.clock.now());
      expect(now - scenario.clock.now).toBeGreaterThanOrEqual(0);
      expect(now - scenario.clock.now).toBeLessThan(60_000);
      expect(developerErrors).toEqual([]);
      await developer.context().close();
    });
  }
  expect(errors).toEqual([]);
});

test('a malformed scenario, another version or a damaged link is refused with a clear message', async ({
  page,
}, testInfo) => {
  await ready(page, '/');
  const panel = await openPanel(page, 'scenario');
  const status = panel.locator('[data-output="scenario-status"]');
  const cases: [string, string, RegExp][] = [
    ['not-json.json', '{"format": "svc-demo-scenario",', /^not-json\.json was not imported: not JSON: /],
    [
      'other.json',
      JSON.stringify({ format: 'svc-mock-state', version: 1 }),
      /was not imported: not a demo scenario \(expected "format": "svc-demo-scenario"\)/,
    ],
    [
      'v2.json',
      JSON.stringify({ format: 'svc-demo-scenario', version: 2 }),
      /was not imported: scenario version 2 is not supported: this demo reads version 1/,
    ],
    [
      'bad-snapshot.json',
      JSON.stringify({
        format: 'svc-demo-scenario',
        version: 1,
        url: '/',
        snapshot: { format: 'svc-mock-state', version: 9 },
      }),
      /was not imported: snapshot: state version 9 is not supported/,
    ],
    [
      'elsewhere.json',
      JSON.stringify({ format: 'svc-demo-scenario', version: 1, url: 'https://example.com/' }),
      /url must be a path of the demo/,
    ],
  ];
  for (const [name, text, expected] of cases) {
    const file = testInfo.outputPath(name);
    writeFileSync(file, text);
    await panel.locator('input[name="scenario-file"]').setInputFiles(file);
    await expect(status).toHaveText(expected);
    await expect(status).toHaveAttribute('data-state', 'error');
    expect(new URL(page.url()).pathname).toBe('/');
  }

  // A link cut short (opened in the same tab: only the fragment changes): the page starts from the fixtures and says why.
  await page.goto('/#scenario=H4sIAAAAAAAAA6tWKkktLlGyUlAqS8wpTlWqBQBm');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await expect(page.locator('#status')).toContainText('could not be restored');
  const opened = page.locator('[data-panel="scenario"]');
  await expect(opened).toHaveAttribute('data-loaded', 'true');
  await expect(opened.locator('[data-output="scenario-status"]')).toHaveText(
    /^The scenario from link could not be restored: the link is damaged/,
  );
  expect(new URL(page.url()).hash).toBe('');
});

test('a scenario too big for a link says so', async ({ page }) => {
  await ready(page, '/');
  // Many distinct stash values make a snapshot too big for a link (it stays a file).
  await page.evaluate(() => {
    const { platform } = (
      window as unknown as { svcMock: { platform: { services: { stash: { kvSet(r: unknown): unknown } } } } }
    ).svcMock;
    for (let i = 0; i < 3000; i++)
      platform.services.stash.kvSet({
        trackingId: 'demo_shop',
        level: 'public',
        key: `k${i}`,
        body: { data: `${i}:${Math.random()}` },
      });
  });
  const panel = await openPanel(page, 'scenario');
  await panel.locator('[data-action="copy-link"]').click();
  await expect(panel.locator('[data-output="scenario-status"]')).toHaveText(
    /^This scenario is too big for a link \([\d,]+ characters, at most 32,000\): export it as a file instead\.$/,
  );
  await expect(panel.locator('input[name="scenario-link"]')).toHaveValue('');
});

test('the Scenario panel passes axe and works from the keyboard', async ({ page }) => {
  await ready(page, '/');
  const panel = await openPanel(page, 'scenario');
  const results = await new AxeBuilder({ page }).include('[data-panel="scenario"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
  await panel.locator('[data-action="export"]').focus();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/^svc-demo-scenario-.*\.json$/);
  await page.keyboard.press('Tab');
  await expect(panel.locator('[data-action="copy-link"]')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(panel.locator('input[name="scenario-link"]')).toHaveValue(/#scenario=/);
  await page.keyboard.press('Tab');
  await expect(panel.locator('input[name="scenario-file"]')).toBeFocused();
});
