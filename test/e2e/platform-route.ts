// A mock platform in the test's Node process, answering a browser context's platform requests
// through Playwright routes (the handlers' own answers, CORS included), and the recommendation
// events it holds or the page emitted, in one shape: `[type, id, position?]`.
import type { BrowserContext, Page, Route } from '@playwright/test';
import { getResponse } from 'msw';
import { createHandlers, type MockPlatform } from '../../src/mock';

/**
 * Routes every `https://*.svc.example` request of `context` to `platform`'s MSW handlers.
 * `beforeAnswer` sees each request's URL first (to set the answer a test wants).
 */
export async function routeToPlatform(
  context: BrowserContext,
  platform: MockPlatform,
  beforeAnswer?: (url: URL) => void,
): Promise<void> {
  const handlers = createHandlers(platform);
  await context.route('https://**.svc.example/**', async (route: Route) => {
    const req = route.request();
    beforeAnswer?.(new URL(req.url()));
    // Bytes as sent: event batches may travel gzip (`?encoding=gzip`).
    const body = req.postDataBuffer();
    const response = await getResponse(
      handlers,
      new Request(req.url(), {
        method: req.method(),
        headers: req.headers(),
        body: req.method() === 'POST' && body ? new Uint8Array(body) : undefined,
      }),
    );
    if (!response) return route.abort('failed');
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
}

/** The recommendation events `platform` holds for `trackingId`, in the order emitted. */
export const heldRecommendationEvents = (platform: MockPlatform, trackingId: string) =>
  platform.inspect.events
    .received(trackingId)
    .filter((e) => e.meta.type.startsWith('recommendation'))
    .sort((a, b) => a.meta.seq - b.meta.seq)
    .map((e) => [e.meta.type, e.data.id, ...(e.data.position === undefined ? [] : [e.data.position])]);

/** The recommendation events the page's tracker emitted so far (what it will deliver). */
export const emittedRecommendationEvents = (page: Page) =>
  page.evaluate(() => {
    const events: unknown[][] = [];
    type Event = { meta: { type: string }; data: { id: string; position?: number } };
    const tracker = (window as unknown as { svc: { tracker: { on(type: RegExp, h: (e: Event) => void): () => void } } })
      .svc.tracker;
    tracker.on(/^recommendation/, ({ meta, data }) =>
      events.push([meta.type, data.id, ...(data.position === undefined ? [] : [data.position])]),
    )();
    return events;
  });

/** `count` items of the popular strategy, `p1`.., named `Product 1`.., each with a relative url. */
export const popularItems = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    weight: 10 - i,
    strategy: 'popular',
    details: { name: `Product ${i + 1}`, url: `/p${i + 1}` },
  }));
