import { expect, test } from '@playwright/test';
import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createHandlers, createMockPlatform, type MockPlatform } from '../../src/mock';
import { loadRecommendations } from '../../src/react/server';
import { App, SNAPSHOT_ID } from './pages/react/app';
import { heldRecommendationEvents, routeToPlatform } from './platform-route';

// @svc/react in Chromium: the page's React tree rendered to a string here, in Node, as a server
// would; the page (served by this test, under the demo server's strict CSP) hydrates it with
// dist/react-page/app.js, React's development build under StrictMode. The mock platform runs here
// too, behind Playwright routes: what it holds is what reached it. With a server snapshot, the
// server's own request (`loadRecommendations`, in Node) reaches the same platform through MSW.

const TID = 'e2e_shop';
const NAMES = ['First', 'Second', 'Third', 'Fourth'];
const ANSWER = {
  status: 200,
  result: {
    items: NAMES.map((name, i) => ({ id: `p${i + 1}`, weight: 9 - i, strategy: 'popular', details: { name } })),
  },
};
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' https://*.svc.example; object-src 'none'; base-uri 'none'";

test('rendered on the server, hydrated without a warning, then one get and each item shown once under StrictMode', async ({
  context,
  page,
}) => {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { raw: JSON.stringify(ANSWER) });
  const handlers = createHandlers(platform);
  const asked: string[] = [];
  await context.route('https://**.svc.example/**', async (route) => {
    const req = route.request();
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    if (req.url().includes('/vc/recommend/')) asked.push(req.url());
    const body = req.postDataBuffer();
    const request = new Request(req.url(), {
      method: req.method(),
      headers: req.headers(),
      body: req.method() === 'POST' && body ? new Uint8Array(body) : undefined,
    });
    const response = await getResponse(handlers, request);
    if (!response) return route.abort('failed');
    await route.fulfill({
      status: response.status,
      headers: { ...Object.fromEntries(response.headers), ...cors },
      body: Buffer.from(await response.arrayBuffer()),
    });
  });

  const server = renderToString(createElement(App));
  expect(server).toContain('Loading…');
  expect(server).not.toContain('First');
  await page.route('**/react-ssr.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': CSP },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React SSR</title>
<script src="/dist/react-page/app.js" defer></script></head><body><div id="root">${server}</div></body></html>`,
    }),
  );
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/react-ssr.html');
  await expect(page.locator('#widget li')).toHaveText(NAMES);
  expect(asked).toHaveLength(1);
  const shown = () =>
    platform.inspect.events
      .received(TID)
      .filter((event) => event.meta.type === 'recommendationShown')
      .map((event) => event.data.id)
      .sort();
  await expect.poll(shown, { timeout: 10_000 }).toEqual(['p1', 'p2', 'p3', 'p4']);
  await page.waitForTimeout(1500);
  expect(shown()).toEqual(['p1', 'p2', 'p3', 'p4']);
  expect(asked).toHaveLength(1);
  expect(problems).toEqual([]);
});

/** The page the server sends: `server` (React's HTML) in #root, and the snapshot as a JSON data block. */
function ssrPage(server: string, snapshot?: unknown): string {
  // `<` escaped, so no product name can close the data block.
  const data = snapshot === undefined ? '' : JSON.stringify(snapshot).replaceAll('<', '\\u003c');
  const block = data && `<script type="application/json" id="${SNAPSHOT_ID}">${data}</script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React SSR</title>
<script src="/dist/react-page/app.js" defer></script></head><body><div id="root">${server}</div>${block}</body></html>`;
}

/** `loadRecommendations` as the shop's server runs it, its request answered by `platform`'s handlers. */
async function loadOnServer(platform: MockPlatform) {
  const server = setupServer(...createHandlers(platform));
  server.listen({ onUnhandledFrame: 'error' });
  try {
    return await loadRecommendations(
      { meta: { trackingId: TID } },
      { strategy: 'popular', limit: 4, timeout: 2000 },
      { visitorId: 'visitor-1' },
    );
  } finally {
    server.close();
  }
}

test('a server snapshot: the cards in the first byte, hydrated with no warning and no request, shown once, clicked', async ({
  context,
  page,
}) => {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { raw: JSON.stringify(ANSWER) });
  const snapshot = await loadOnServer(platform);
  expect(snapshot.status).toBe('ready');
  expect(platform.inspect.events.received(TID)).toEqual([]);

  const asked: string[] = [];
  await routeToPlatform(context, platform, (url) => {
    if (url.pathname.includes('/vc/recommend/')) asked.push(url.href);
  });
  const server = renderToString(createElement(App, { initial: snapshot }));
  for (const name of NAMES) expect(server).toContain(`>${name}</a>`);
  expect(server).not.toContain('Loading…');
  await page.route('**/react-snapshot.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': CSP },
      body: ssrPage(server, snapshot),
    }),
  );
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/react-snapshot.html');
  // Hydrated: React's own handlers are on the server's elements.
  await expect
    .poll(() =>
      page
        .locator('#widget li')
        .first()
        .evaluate((li) => Object.keys(li).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
  await expect(page.locator('#widget li')).toHaveText(NAMES);
  const shown = () =>
    heldRecommendationEvents(platform, TID)
      .filter(([type]) => type === 'recommendationShown')
      .map(([, id]) => id)
      .sort();
  await expect.poll(shown, { timeout: 10_000 }).toEqual(['p1', 'p2', 'p3', 'p4']);
  await page.waitForTimeout(1500);
  expect(shown()).toEqual(['p1', 'p2', 'p3', 'p4']);

  await page.locator('#widget a').nth(1).click();
  await page.waitForURL('**/observe-next.html?p2');
  const clicked = () => heldRecommendationEvents(platform, TID).filter(([type]) => type === 'recommendationClicked');
  await expect.poll(clicked, { timeout: 10_000 }).toEqual([['recommendationClicked', 'p2', 2]]);
  expect(asked).toEqual([]);
  expect(problems).toEqual([]);
});
