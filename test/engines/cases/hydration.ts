// @svc/react and @svc/vue: the shop renders the Playwright suite's app on the server at each
// request (ssr.ts), and the engine hydrates it with the app's bundle of the build, React's and
// Vue's development builds, which report a mismatch (React as an `error` event, Vue on the
// console: watch.js keeps both). Then one get per widget, and each card shown once at the
// platform. The apps' tracking id and visitor are fixed (e2e_shop, visitor-1).
import { expect } from 'vitest';
import { until, waitFor } from '../drivers';
import { type Storefront, test } from '../storefront';
import { watched } from './qa';

const NAMES = ['First', 'Second', 'Third', 'Fourth'];
const ANSWER = JSON.stringify({
  status: 200,
  result: {
    items: NAMES.map((name, i) => ({ id: `p${i + 1}`, weight: 9 - i, strategy: 'popular', details: { name } })),
  },
});

/** The page's cards once they show, by widget (each selector's links' text). */
const cards = (s: Storefront, selectors: string[]) =>
  waitFor(
    s.page,
    (selectors) => {
      const found = selectors.map((selector) =>
        [...document.querySelectorAll(`${selector} li`)].map((li) => li.textContent),
      );
      return found.every((names) => names.length > 0) ? found : undefined;
    },
    selectors,
  );

/** The ids of the `recommendationShown` events of visitor-1 the platform holds, sorted, and their page views. */
const shownAtPlatform = (s: Storefront) => {
  const events = s.mock
    .platform()
    .inspect.events.received('e2e_shop')
    .filter((e) => e.meta.visitorId === 'visitor-1' && e.meta.type === 'recommendationShown');
  return {
    ids: events.map((e) => String(e.data.id)).sort(),
    pageViews: new Set(events.map((e) => e.meta.pageViewId)).size,
  };
};

/** Opens `path`, checks the hydration left no warning, then the gets and the shown events at the platform. */
async function hydrates(s: Storefront, path: string, widgets: string[]) {
  s.mock.platform().faults.set('recommend', { raw: ANSWER });
  s.mock.platform().admin.events.clear('e2e_shop');
  await s.page.open(`${s.shop.url}${path}`);
  expect(await cards(s, widgets)).toEqual(widgets.map(() => NAMES));
  const expected = ['p1', 'p2', 'p3', 'p4'].flatMap((id) => widgets.map(() => id));
  await until(() => shownAtPlatform(s).ids.length >= expected.length, `${expected.length} shown events`);
  // A second `shown` of a card would be sent when the first is (a card is shown after a second in
  // view, and the four are in view together): one more second in view lets it arrive.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(shownAtPlatform(s)).toEqual({ ids: expected, pageViews: 1 });
  expect(s.front.seen.filter((r) => r.method === 'POST' && r.path.startsWith('/vc/recommend/'))).toHaveLength(
    widgets.length,
  );
  expect(await watched(s)).toEqual({ violations: [], errors: [], console: [] });
}

export function hydrationCases(s: Storefront) {
  test('React: rendered on the server, hydrated with no warning or error, one get, each card shown once', async () => {
    await hydrates(s, '/engines/ssr/react.html', ['#widget']);
  });

  test('Vue: rendered on the server, hydrated with no warning or error, one get per widget, each card shown once', async () => {
    await hydrates(s, '/engines/ssr/vue.html', ['#widget', '#slots']);
    expect(await s.page.evaluate(() => document.querySelector<HTMLElement>('#slots')?.dataset.state)).toBe('ready');
  });
}

export function mismatchCases(s: Storefront) {
  test('a server HTML the client does not render is reported: React as an error event, Vue as a warning', async () => {
    // No cards after the mismatch either: no page of this case sends a shown event of visitor-1 (the others count them).
    s.mock.platform().faults.set('recommend', { status: 500 });
    await s.page.open(`${s.shop.url}/engines/ssr/react-mismatch.html`);
    const react = await waitFor(s.page, () => {
      const { errors } = (window as unknown as { watched: { errors: string[] } }).watched;
      return errors.find((error) => /Hydration failed/.test(error));
    });
    expect(react).toMatch(/server rendered/);
    await s.page.open(`${s.shop.url}/engines/ssr/vue-mismatch.html`);
    const vue = await waitFor(s.page, () => {
      const warnings = (window as unknown as { watched: { console: string[] } }).watched.console;
      return warnings.find((warning) => /^warn: .*Hydration .*mismatch/.test(warning));
    });
    expect(vue).toBeTruthy();
  });
}
