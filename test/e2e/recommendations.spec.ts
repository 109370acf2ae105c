import { expect, test } from '@playwright/test';

// @svc/recommendations in Chromium through the script tag (window.svc) against the mock behind
// the MSW worker: a real fetch with the cookie's visitor id, refusals, an aborted timeout, and a
// `shown` event reaching the platform through whatever delivery the storefront page offers.
test('window.svc.recommendations: get, refusal, timeout, shown', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  const result = await page.evaluate(async () => {
    type Item = { id: string; weight: number; strategy: string; details: Record<string, unknown> };
    type Client = { get(config?: object): Promise<Item[]>; shown(item: Item): Promise<void> };
    const w = window as unknown as {
      svc: { recommendations: (options: object, config?: object) => Client };
      svcMock: {
        exchanges: { url: string; method: string; requestBody: string }[];
        platform: { faults: { set(route: string, fault: object): void } };
      };
    };
    const before = w.svcMock.exchanges.length; // the storefront asks for its own recommendations too
    const client = w.svc.recommendations(
      { meta: { trackingId: 'demo_shop', experienceId: 77 } },
      { strategy: 'new', limit: 3 },
    );
    const items = await client.get();
    const refused = await client.get({ strategy: 'pop' }).then(
      () => 'sent',
      (e: { code: string; message: string }) => `${e.code}: ${e.message}`,
    );
    w.svcMock.platform.faults.set('recommend', { latencyMs: 3_000, times: 1 });
    // 500 ms, not less: the request must reach the worker before the client aborts it (the answer
    // is held for 3 s, so the timeout still fires).
    const timedOut = await client.get({ timeout: 500 }).then(
      () => 'resolved',
      (e: { code: string }) => e.code,
    );
    await client.shown(items[0]).catch(() => {});
    const recs = w.svcMock.exchanges
      .slice(before)
      .filter((x) => x.url.startsWith('https://recs.svc.example/') && x.url.includes('strategy=new&n=3'));
    return {
      count: items.length,
      shapes: items.every(
        (i) =>
          typeof i.id === 'string' &&
          typeof i.weight === 'number' &&
          typeof i.strategy === 'string' &&
          typeof i.details === 'object',
      ),
      first: items[0].id,
      refused,
      timedOut,
      requests: recs.map((x) => x.method + ' ' + new URL(x.url).pathname),
      contextId: new URL(recs[0].url).searchParams.get('contextId'),
      cookie: document.cookie.match(/(?:^|; )_svcTracker=([^;]*)/)?.[1] ?? null,
      body: recs[0].requestBody,
    };
  });
  expect(result.count).toBeGreaterThan(0);
  expect(result.count).toBeLessThanOrEqual(3);
  expect(result.shapes).toBe(true);
  expect(result.refused).toMatch(/^INVALID_ARGUMENT: strategy .*popular/);
  expect(result.timedOut).toBe('TIMEOUT');
  // Two requests reached the worker (the refusal sent none).
  expect(result.requests).toEqual(['POST /vc/recommend/2.1/demo_shop', 'POST /vc/recommend/2.1/demo_shop']);
  expect(result.contextId).toBe(result.cookie);
  expect(result.body).toBe('{"h":["all"]}');

  // The shown event reaches the platform (the page's tracker batches it, or a direct POST carries it).
  await expect
    .poll(
      () =>
        page.evaluate((first) => {
          const w = window as unknown as { svcMock: { exchanges: { url: string; requestBody: string }[] } };
          return (
            w.svcMock.exchanges
              // An exchange's body is read asynchronously after it is listed: '' until then (polled again).
              .filter((x) => x.url.startsWith('https://events.svc.example/events/v1/') && x.requestBody)
              .flatMap(
                (x) =>
                  (JSON.parse(x.requestBody) as { events: { meta: { type: string }; data: Record<string, unknown> }[] })
                    .events,
              )
              .filter(
                (e) => e.meta.type === 'recommendationShown' && e.data.id === first && e.data.experienceId === '77',
              )
              .map((e) => e.data)
          );
        }, result.first),
      { timeout: 15_000 },
    )
    .toEqual([{ id: result.first, weight: expect.any(Number), strategy: expect.any(String), experienceId: '77' }]);
});

// Issue 23 in the browser, through the built svc.min.js and the mock behind the MSW worker: the
// page's ecView as browsers give it (language de-DE) and a copy of an item clicked without position.
test('window.svc.recommendations: an ecView with language de-DE, currency EUR gives German details', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  const result = await page.evaluate(async () => {
    type Item = { id: string; weight: number; strategy: string; details: Record<string, unknown> };
    type Client = {
      get(config?: object): Promise<Item[] & { locale?: string }>;
      clicked(item: object, position?: number): Promise<void>;
    };
    const w = window as unknown as {
      svc: {
        recommendations: (options: object, config?: object) => Client;
        tracker: { emit(type: string, data: object): unknown };
      };
      svcMock: {
        exchanges: { url: string }[];
        platform: {
          inspect: {
            recommend: { feed(trackingId: string): { id: string; locales: Record<string, { name: string }> }[] };
          };
        };
      };
    };
    w.svc.tracker.emit('ecView', { type: 'home', language: 'de-DE', country: 'DE', currency: 'EUR' });
    const metrics: unknown[] = [];
    const client = w.svc.recommendations(
      { meta: { trackingId: 'demo_shop' }, emitMetric: (_type: string, data: unknown) => void metrics.push(data) },
      { strategy: 'new', limit: 5 },
    );
    const items = await client.get({ debug: true });
    const feed = new Map(w.svcMock.platform.inspect.recommend.feed('demo_shop').map((p) => [p.id, p.locales]));
    await client.clicked(JSON.parse(JSON.stringify(items[1])));
    const refusal = await client.get({ limt: 2 }).then(
      () => 'sent',
      (e: { code: string; message: string }) => `${e.code}: ${e.message}`,
    );
    return {
      locale: items.locale,
      sent: new URL(
        [...w.svcMock.exchanges].reverse().find((x) => x.url.startsWith('https://recs.svc.example/'))!.url,
      ).searchParams.get('locale'),
      names: items.map((item) => [
        item.details.name,
        feed.get(item.id)?.['de-EUR']?.name ?? feed.get(item.id)?.['en-GBP']?.name,
      ]),
      currencies: items.map((item) => [item.details.currency, feed.get(item.id)?.['de-EUR'] ? 'EUR' : 'GBP']),
      clicked: metrics,
      second: { id: items[1].id, strategy: items[1].strategy },
      refusal,
    };
  });
  expect(result.sent).toBe('de-EUR');
  expect(result.locale).toBe('de-EUR');
  for (const [name, expected] of result.names) expect(name).toBe(expected);
  for (const [currency, expected] of result.currencies) expect(currency).toBe(expected);
  expect(result.currencies.filter(([currency]) => currency === 'EUR').length).toBeGreaterThan(0);
  expect(result.clicked).toEqual([{ ...result.second, weight: expect.any(Number), position: 2 }]);
  expect(result.refusal).toBe('INVALID_ARGUMENT: config.limt is not an option: did you mean `limit`? (got 2)');
});
