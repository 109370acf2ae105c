// recommendations(...).get() then observe() (the Playwright suite's observe.html and observe.js):
// shown once half a card has been in view for a second, never for a card not seen, and clicked
// with its position (1-based; shown carries none, PROTOCOL.md) when its link is followed. The page: 1500 px above six cards of 200 px, one
// under the other.
import { expect } from 'vitest';
import { until, waitFor } from '../drivers';
import { type Storefront, test } from '../storefront';

const TID = 'e2e_shop'; // observe.js's tracking id: events are told apart by page view
const ITEMS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
/** The platform's answer: six items in this order (positions 1..6). */
const ANSWER = {
  status: 200,
  result: {
    items: ITEMS.map((id, i) => ({ id, weight: 10 - i, strategy: i % 2 ? 'cf_viewed' : 'popular', details: { id } })),
  },
};

/** The recommendation events of one page view the platform holds: [type, id, position]. */
const heldOf = (s: Storefront, pageViewId: string) =>
  s.mock
    .platform()
    .inspect.events.received(TID)
    .filter((e) => e.meta.pageViewId === pageViewId && e.meta.type.startsWith('recommendation'))
    .sort((a, b) => a.meta.seq - b.meta.seq)
    .map((e) => ({ type: e.meta.type, id: e.data.id, position: e.data.position ?? null, ts: e.meta.ts }));

/** Opens observe.html, waits for the six cards, and scrolls so that p1..p3 are whole and p4 35% in view. */
async function openInView(s: Storefront) {
  s.mock.platform().faults.set('recommend', { raw: JSON.stringify(ANSWER) });
  await s.page.open(`${s.shop.url}/test-pages/observe.html`);
  const ids = await s.page.evaluate(() => (window as unknown as { widget: { ready: Promise<string[]> } }).widget.ready);
  expect(ids).toEqual(ITEMS);
  return s.page.evaluate(() => {
    const cards = [...document.querySelectorAll('#widget li')];
    const top = cards[3].getBoundingClientRect().top + scrollY + 70 - innerHeight; // p4's top 70 px above the bottom
    scrollTo(0, top);
    const visible = cards.map((card) => {
      const { top, bottom, height } = card.getBoundingClientRect();
      return Math.max(0, Math.min(bottom, innerHeight) - Math.max(top, 0)) / height;
    });
    const svc = (window as unknown as { svc: { tracker: { pageViewId: string } } }).svc;
    return { scrolledAt: Date.now(), visible, pageViewId: svc.tracker.pageViewId };
  });
}

export function observeCases(s: Storefront) {
  test('shown after half a card is in view for a second; never for a card not seen; clicked at its position', async () => {
    const { scrolledAt, visible, pageViewId } = await openInView(s);
    expect(visible.map((v) => Math.round(v * 100))).toEqual([100, 100, 100, 35, 0, 0]);
    const shown = await until(
      () => (heldOf(s, pageViewId).length >= 3 ? heldOf(s, pageViewId) : undefined),
      'three shown',
      20_000,
    );
    expect(shown.map(({ type, id, position }) => [type, id, position])).toEqual([
      ['recommendationShown', 'p1', null],
      ['recommendationShown', 'p2', null],
      ['recommendationShown', 'p3', null],
    ]);
    for (const event of shown) expect(event.ts - scrolledAt).toBeGreaterThanOrEqual(1000);
    await s.page.click('#widget li:nth-child(2) a');
    await waitFor(s.page, () => location.pathname.endsWith('/observe-next.html'));
    await until(() => heldOf(s, pageViewId).length >= 4, 'the click');
    expect(heldOf(s, pageViewId).map(({ type, id, position }) => [type, id, position])).toEqual([
      ['recommendationShown', 'p1', null],
      ['recommendationShown', 'p2', null],
      ['recommendationShown', 'p3', null],
      ['recommendationClicked', 'p2', 2],
    ]);
  });
}
