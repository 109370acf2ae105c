import { expect, test } from '@playwright/test';
import { getResponse } from 'msw';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createHandlers, createMockPlatform } from '../../src/mock';
import { App } from './pages/react/app';

// @svc/react in Chromium: the page's React tree rendered to a string here, in Node, as a server
// would; the page (served by this test, under the demo server's strict CSP) hydrates it with
// dist/react-page/app.js, React's development build under StrictMode. The mock platform runs here
// too, behind Playwright routes: what it holds is what reached it.

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
