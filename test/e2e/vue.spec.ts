import { expect, type Page, test } from '@playwright/test';
import { setupServer } from 'msw/node';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { createHandlers, createMockPlatform, type MockPlatform } from '../../src/mock';
import { loadRecommendations, type RecommendationsSnapshot } from '../../src/vue/server';
import { App, SNAPSHOT_ID } from './pages/vue/app';
import { heldRecommendationEvents, routeToPlatform } from './platform-route';

// @svc/vue in Chromium: the page's Vue app rendered to a string here, in Node, with
// @vue/server-renderer as a server would; the page (served by this test, under the demo server's
// strict CSP) hydrates it with dist/vue-page/app.js, Vue's development build, which warns
// `Hydration ... mismatch` on the console. The mock platform runs here too, behind Playwright
// routes: what it holds is what reached it. With a server snapshot, the server's own request
// (`loadRecommendations`, in Node) reaches the same platform through MSW.

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
/** Each item shown once by each of the page's two widgets (two clients, each with its once-per-item rule). */
const SHOWN_TWICE = ['p1', 'p1', 'p2', 'p2', 'p3', 'p3', 'p4', 'p4'];

/** The page the server sends: `server` (Vue's HTML) in #root, and the snapshot as a JSON data block. */
function ssrPage(server: string, snapshot?: RecommendationsSnapshot): string {
  // `<` escaped, so no product name can close the data block.
  const data = snapshot === undefined ? '' : JSON.stringify(snapshot).replaceAll('<', '\\u003c');
  const block = data && `<script type="application/json" id="${SNAPSHOT_ID}">${data}</script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vue SSR</title>
<script src="/dist/vue-page/app.js" defer></script></head><body><div id="root">${server}</div>${block}</body></html>`;
}

/** Serves `body` at `path` under the strict CSP, and collects the page's console warnings and errors. */
async function serve(page: Page, path: string, body: string): Promise<string[]> {
  await page.route(`**${path}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': CSP }, body }),
  );
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Waits until Vue has hydrated the server's cards (Vue's development build marks each node it adopted). */
const hydrated = (page: Page, selector: string) =>
  expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => '__vnode' in element),
    )
    .toBe(true);

/** The ids of the `recommendationShown` events `platform` holds, sorted. */
const shownIds = (platform: MockPlatform) => () =>
  heldRecommendationEvents(platform, TID)
    .filter(([type]) => type === 'recommendationShown')
    .map(([, id]) => id)
    .sort();

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

test('rendered on the server, hydrated without a warning, then one get per widget and each item shown once', async ({
  context,
  page,
}) => {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { raw: JSON.stringify(ANSWER) });
  const asked: string[] = [];
  await routeToPlatform(context, platform, (url) => {
    if (url.pathname.includes('/vc/recommend/')) asked.push(url.href);
  });
  const server = await renderToString(createSSRApp({ render: () => h(App) }));
  expect(server).toContain('<p id="status">Loading…</p>');
  expect(server).not.toContain('First');
  const problems = await serve(page, '/vue-ssr.html', ssrPage(server));

  await page.goto('/vue-ssr.html');
  await expect(page.locator('#widget li')).toHaveText(NAMES);
  await expect(page.locator('#slots li')).toHaveText(NAMES);
  await expect(page.locator('#slots')).toHaveAttribute('data-state', 'ready');
  const shown = shownIds(platform);
  await expect.poll(shown, { timeout: 10_000 }).toEqual(SHOWN_TWICE);
  await page.waitForTimeout(1500);
  expect(shown()).toEqual(SHOWN_TWICE);
  expect(asked).toHaveLength(2);
  expect(problems).toEqual([]);
});

test('a server snapshot: the cards in the first byte, hydrated with no warning and no request, shown once, clicked', async ({
  context,
  page,
}) => {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { raw: JSON.stringify(ANSWER) });
  const snapshot = await loadOnServer(platform);
  expect(snapshot.status).toBe('ready');

  const asked: string[] = [];
  await routeToPlatform(context, platform, (url) => {
    if (url.pathname.includes('/vc/recommend/')) asked.push(url.href);
  });
  const server = await renderToString(createSSRApp({ render: () => h(App, { initial: snapshot }) }));
  for (const name of NAMES) expect(server).toContain(`>${name}</a>`);
  expect(server).not.toContain('Loading…');
  const problems = await serve(page, '/vue-snapshot.html', ssrPage(server, snapshot));

  await page.goto('/vue-snapshot.html');
  await hydrated(page, '#widget li');
  await hydrated(page, '#slots li');
  await expect(page.locator('#widget li')).toHaveText(NAMES);
  await expect(page.locator('#slots li')).toHaveText(NAMES);
  const shown = shownIds(platform);
  await expect.poll(shown, { timeout: 10_000 }).toEqual(SHOWN_TWICE);
  await page.waitForTimeout(1500);
  expect(shown()).toEqual(SHOWN_TWICE);

  await page.locator('#slots a').nth(1).click();
  await page.waitForURL('**/observe-next.html?p2');
  const clicked = () => heldRecommendationEvents(platform, TID).filter(([type]) => type === 'recommendationClicked');
  await expect.poll(clicked, { timeout: 10_000 }).toEqual([['recommendationClicked', 'p2', 2]]);
  expect(asked).toEqual([]);
  expect(problems).toEqual([]);
});

test('the page catches a mismatch: a server HTML the client does not render is a console warning', async ({
  context,
  page,
}) => {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { raw: JSON.stringify(ANSWER) });
  await routeToPlatform(context, platform);
  // The server rendered the cards; the client, with no snapshot, renders `loading`.
  const snapshot: RecommendationsSnapshot = { items: ANSWER.result.items, status: 'ready', error: null };
  const server = await renderToString(createSSRApp({ render: () => h(App, { initial: snapshot }) }));
  const problems = await serve(page, '/vue-mismatch.html', ssrPage(server));
  await page.goto('/vue-mismatch.html');
  await expect.poll(() => problems.some((problem) => /Hydration .*mismatch/.test(problem))).toBe(true);
});
