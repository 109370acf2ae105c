// `@svc/mock/playwright`: a Playwright `test` whose `svc` fixture answers the platform calls of the
// test's pages from a fresh mock platform. The answers come from createHandlers (msw's
// `getResponse`), the same handlers as setupServer, the demo and `svc-mock serve`: no route has a
// second implementation. Playwright's own routing (`context.route`) carries them, so no service
// worker is needed on the shop's side. docs/testing.md says why not @msw/playwright.
import { type BrowserContext, test as base, type Route } from '@playwright/test';
import { defaultEndpoints, type Endpoints } from '@svc/core';
import { getResponse, type HttpHandler } from 'msw';
import { interfacesOf } from './access/cors';
import type { FixtureOptions } from './fixtures';
import { createHandlers } from './handlers';
import { createMockPlatform, type MockPlatform } from './platform';
import type { Faults } from './platform/faults';

/** Options of the `svc` fixture, set with `test.use({ ... })` or in playwright.config's `use`. */
export interface SvcOptions {
  /**
   * Load the demo fixtures into `demo_shop`: `true`, `false` for an empty platform, or `{ seed }`.
   * @default true
   */
  svcFixtures: boolean | FixtureOptions;
  /**
   * Freeze the platform's clock at this time (epoch ms or ISO string); `undefined` follows real time.
   * @default undefined
   */
  svcNow: number | string | undefined;
  /**
   * The base URLs the pages call (as given to `setEndpoints` or the script tag). Without it, PROTOCOL.md's
   * placeholders, `defaultEndpoints`.
   * @default undefined
   */
  svcEndpoints: Partial<Endpoints>;
}

/** What a test gets as `svc`. */
export interface SvcFixture {
  /** This test's platform: `inspect` for assertions, `admin` to set up, `clock` to move time. */
  platform: MockPlatform;
  /** `platform.faults`: fail a call (`svc.faults.set('recommend', { status: 503 })`). */
  faults: Faults;
  /** The base URLs answered. */
  endpoints: Endpoints;
}

/** A Playwright request as a fetch `Request` (bytes as sent: event batches may be gzip). */
function toFetchRequest(route: Route): Request {
  const request = route.request();
  const body = request.postDataBuffer();
  return new Request(request.url(), {
    method: request.method(),
    headers: request.headers(),
    body: body && request.method() !== 'GET' && request.method() !== 'HEAD' ? new Uint8Array(body) : undefined,
  });
}

/** Routes every request of `context` to a platform URL through `handlers`; a fault's `offline` aborts it. */
async function routePlatform(context: BrowserContext, handlers: HttpHandler[], endpoints: Endpoints): Promise<void> {
  await context.route(
    (url) => interfacesOf(url, endpoints).length > 0,
    async (route) => {
      const response = await getResponse(handlers, toFetchRequest(route));
      if (!response) return route.fallback();
      if (response.type === 'error') return route.abort('connectionfailed');
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    },
  );
}

const normalise = (endpoints: Endpoints): Endpoints =>
  Object.fromEntries(
    Object.entries(endpoints).map(([name, base]) => {
      const url = new URL(base);
      return [name, (url.origin + url.pathname).replace(/\/+$/, '')];
    }),
  ) as unknown as Endpoints;

/**
 * Playwright's `test` with the `svc` fixture: each test gets a fresh platform, and every request
 * its pages send to the platform's endpoints is answered by it.
 *
 * ```ts
 * import { expect, test } from '@svc/mock/playwright';
 * test('a view event reaches the platform', async ({ page, svc }) => {
 *   await page.goto('/');
 *   await expect.poll(() => svc.platform.inspect.events.received('demo_shop').length).toBeGreaterThan(0);
 * });
 * ```
 */
export const test = base.extend<SvcOptions & { svc: SvcFixture }>({
  svcFixtures: [true, { option: true }],
  svcNow: [undefined, { option: true }],
  svcEndpoints: [{}, { option: true }],
  svc: async ({ context, svcFixtures, svcNow, svcEndpoints }, use) => {
    const platform = createMockPlatform({ fixtures: svcFixtures, ...(svcNow === undefined ? {} : { now: svcNow }) });
    const endpoints = normalise({ ...defaultEndpoints, ...svcEndpoints });
    await routePlatform(context, createHandlers(platform, { endpoints }), endpoints);
    await use({ platform, faults: platform.faults, endpoints });
    await platform.inspect.integrations.idle(); // no run outlives its test
  },
});

export { expect } from '@playwright/test';
