// The QA overlay (svc-qa.js, opened by `svc.qa()`) on a shop served with a strict CSP and Trusted
// Types (test/engines/pages/qa-csp.*): it opens, shows the page's state, and the page reports no
// violation. All three engines enforce Trusted Types (`require-trusted-types-for`), so the page's
// policy for svc-qa.js is needed in each.
import { expect } from 'vitest';
import { waitFor } from '../drivers';
import { held, heldAll, type Storefront, test, trackerIds } from '../storefront';

const IDS = ['p1', 'p2', 'p3', 'p4'];
const ANSWER = JSON.stringify({
  status: 200,
  result: { items: IDS.map((id, i) => ({ id, weight: 9 - i, strategy: 'popular', details: { name: id } })) },
});

interface Watched {
  violations: string[];
  errors: string[];
  console: string[];
}
/** What test/engines/pages/watch.js collected in the page. */
export const watched = (s: Storefront) => s.page.evaluate(() => (window as unknown as { watched: Watched }).watched);

/** The overlay's panels as the tests read them: each row's cells, and the styles that show its sheet applies. */
const overlay = (s: Storefront) =>
  waitFor(s.page, () => {
    const root = document.querySelector('svc-qa-overlay')?.shadowRoot;
    if (!root?.querySelector('[data-svc-qa="overlay"]')) return undefined;
    const rows = (panel: string) =>
      [...root.querySelectorAll(`[data-panel="${panel}"] tbody tr`)].map((row) =>
        [...row.children].map((cell) => cell.textContent ?? ''),
      );
    const events = rows('events');
    const impressions = rows('impressions');
    // Settled: the page view and the four impressions delivered, each card shown.
    const delivered = (type: string) => events.filter((row) => row[1] === type && row[2] === 'acknowledged').length;
    if (delivered('ecView') < 1 || delivered('recommendationShown') < 4) return undefined;
    if (impressions.filter((row) => row[4] === 'yes').length < 4) return undefined;
    return {
      delivered: { ecView: delivered('ecView'), recommendationShown: delivered('recommendationShown') },
      gets: rows('recommendations').map((row) => ({ strategy: row[1], items: row[4], error: row[6] })),
      impressions: impressions.map((row) => [row[0], row[3], row[4]]).sort(),
      title: getComputedStyle(root.querySelector('h2')!).color,
      button: getComputedStyle(root.querySelector('button')!).fontFamily,
      body: getComputedStyle(document.body).color,
    };
  });

export function qaCases(s: Storefront) {
  test('the QA overlay under a strict CSP and Trusted Types: the page view, get, impressions, deliveries; no violation', async () => {
    s.mock.platform().faults.set('recommend', { raw: ANSWER });
    await s.page.open(`${s.shop.url}/engines/qa-csp.html?tid=${s.tid}`);
    const { pageViewId } = await trackerIds(s.page);
    expect(
      await s.page.evaluate(() => (window as unknown as { shop: { ready: Promise<string[]> } }).shop.ready),
    ).toEqual(IDS);
    await s.page.evaluate(() => (window as unknown as { svc: { qa(): void } }).svc.qa());
    const shown = await overlay(s);
    expect(shown.delivered).toEqual({ ecView: 1, recommendationShown: 4 });
    expect(shown.gets).toEqual([
      { strategy: 'popular', items: IDS.map((id) => `${id} (popular)`).join(', '), error: '' },
    ]);
    expect(shown.impressions).toEqual(IDS.map((id) => [id, 'shown', 'yes']));
    // The overlay's constructed stylesheet applies under style-src 'self'; the page's styles stay out of it.
    expect(shown.title).toBe('rgb(26, 26, 26)');
    expect(shown.button).not.toMatch(/monospace/);
    expect(shown.body).toBe('rgb(120, 0, 0)');
    expect(await watched(s)).toEqual({ violations: [], errors: [], console: [] });

    // The platform's side: the one get, and the page view and its four impressions, each once.
    expect(s.front.seen.filter((r) => r.method === 'POST' && r.path.startsWith('/vc/recommend/'))).toHaveLength(1);
    await heldAll(s, pageViewId, 5);
    const events = held(s, pageViewId);
    expect(events.filter((e) => e.meta.type === 'ecView')).toHaveLength(1);
    expect(
      events
        .filter((e) => e.meta.type === 'recommendationShown')
        .map((e) => e.data.id)
        .sort(),
    ).toEqual(IDS);

    // The policy is in force, and its violations are reported to the page: an image from
    // elsewhere (img-src 'self') and HTML given to a sink (require-trusted-types-for 'script').
    const refused = `${s.front.url}/refused.png`;
    const sink = await s.page.evaluate((refused) => {
      const image = document.createElement('img');
      image.src = refused;
      document.body.append(image);
      try {
        document.createElement('div').innerHTML = '<b>markup</b>';
        return 'assigned';
      } catch (error) {
        return (error as Error).name;
      }
    }, refused);
    expect(sink).toBe('TypeError');
    expect(s.front.seen.some((r) => r.path === '/refused.png')).toBe(false);
    const reported = await waitFor(s.page, () => {
      const { violations } = (window as unknown as { watched: Watched }).watched;
      return violations.length >= 2 ? violations : undefined;
    });
    expect(reported.sort()).toEqual(
      [`img-src ${refused}`, 'require-trusted-types-for trusted-types-sink Element innerHTML|<b>markup</b>'].sort(),
    );
  });
}
