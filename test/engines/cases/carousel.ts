// <svc-recommendations layout="carousel"> (the Playwright suite's element-carousel.html: eight
// cards of 150 px in a track narrower than them): the buttons disabled at the ends, paging with
// the keyboard, and only the cards seen reported shown, a card scrolled into view then.
import { expect } from 'vitest';
import { until, waitFor } from '../drivers';
import { type Storefront, test } from '../storefront';

const TID = 'e2e_shop'; // the page's tracking id: events are told apart by page view
const ITEMS = Array.from({ length: 8 }, (_, i) => ({
  id: `p${i + 1}`,
  weight: 10 - i,
  strategy: 'popular',
  details: { name: `Product ${i + 1}`, url: `/test-pages/observe-next.html?p${i + 1}` },
}));
const PREVIOUS = '#widget [data-svc-prev]';
const NEXT = '#widget [data-svc-next]';
const TRACK = '#widget [data-svc-track]';

/** Opens the carousel at a phone's width and waits for its cards; resolves with the page view. */
async function open(s: Storefront) {
  s.mock.platform().faults.set('recommend', { raw: JSON.stringify({ status: 200, result: { items: ITEMS } }) });
  await s.page.resize(390, 800);
  await s.page.open(`${s.shop.url}/test-pages/element-carousel.html`);
  return waitFor(s.page, () => {
    const ready = document.querySelector('#widget')?.getAttribute('state') === 'ready';
    return ready
      ? (window as unknown as { svc: { tracker: { pageViewId: string } } }).svc.tracker.pageViewId
      : undefined;
  });
}

type Carousel = { previous: boolean; next: boolean; left: number; last: boolean };

/** The carousel's state: whether each button is disabled, where the track is, whether the last card is whole in view. */
const carousel = (s: Storefront): Promise<Carousel> =>
  s.page.evaluate(
    ([previous, next, track]) => {
      const element = document.querySelector(track)!;
      const box = element.getBoundingClientRect();
      const last = element.lastElementChild!.getBoundingClientRect();
      return {
        previous: document.querySelector<HTMLButtonElement>(previous)!.disabled,
        next: document.querySelector<HTMLButtonElement>(next)!.disabled,
        left: element.scrollLeft,
        last: last.left >= box.left - 1 && last.right <= box.right + 1,
      };
    },
    [PREVIOUS, NEXT, TRACK],
  );

/**
 * Waits until `moved` holds and the track has come to rest (smooth scrolling: the same state on
 * two reads in a row), and resolves with that state.
 */
async function settled(s: Storefront, moved: (now: Carousel) => boolean) {
  let last: Carousel | undefined;
  return until(async () => {
    const now = await carousel(s);
    const rest = last !== undefined && JSON.stringify(now) === JSON.stringify(last);
    last = now;
    return moved(now) && rest ? now : undefined;
  }, 'the track moved and at rest');
}

/** The ids of the cards at least half in view in the track, as the page lays them out now. */
const inView = (s: Storefront) =>
  s.page.evaluate((track) => {
    const box = document.querySelector(track)!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLAnchorElement>(`${track} > a`)]
      .filter((card) => {
        const { left, right, width } = card.getBoundingClientRect();
        return (Math.min(right, box.right, innerWidth) - Math.max(left, box.left, 0)) / width >= 0.5;
      })
      .map((card) => new URL(card.href).search.slice(1));
  }, TRACK);

/** The ids the platform holds a recommendationShown of, for the page view. */
const shown = (s: Storefront, pageViewId: string) =>
  s.mock
    .platform()
    .inspect.events.received(TID)
    .filter((e) => e.meta.pageViewId === pageViewId && e.meta.type === 'recommendationShown')
    .map((e) => String(e.data.id));

export function carouselCases(s: Storefront) {
  test('carousel: the buttons disabled at the ends, and the keyboard pages through', async () => {
    await open(s);
    const start = await carousel(s);
    expect(start).toMatchObject({ previous: true, next: false, left: 0, last: false });
    // Enter on "Next" while it is enabled: each press moves the track on, until the last card is whole.
    for (let i = 0; i < ITEMS.length && !(await carousel(s)).next; i++) {
      const before = await carousel(s);
      await s.page.press(NEXT, 'Enter');
      await settled(s, (now) => now.left > before.left);
    }
    expect(await carousel(s)).toMatchObject({ previous: false, next: true, last: true });
    // The track takes the keyboard too: the left arrow scrolls it back, and "Next" is enabled again.
    const end = await carousel(s);
    await s.page.press(TRACK, 'ArrowLeft');
    expect(await settled(s, (now) => now.left < end.left)).toMatchObject({ previous: false, next: false });
  });

  test('carousel: only the cards seen are reported shown; a card scrolled into view then', async () => {
    const pageViewId = await open(s);
    const seen = await inView(s);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(ITEMS.length);
    await until(() => seen.every((id) => shown(s, pageViewId).includes(id)), 'the cards in view shown', 20_000);
    expect(shown(s, pageViewId).sort()).toEqual([...seen].sort());
    await s.page.evaluate((track) => {
      const element = document.querySelector(track)!;
      element.scrollLeft = element.scrollWidth;
    }, TRACK);
    await until(() => shown(s, pageViewId).includes('p8'), 'p8 shown once scrolled into view', 20_000);
    const ids = shown(s, pageViewId);
    expect(ids.length).toBe(new Set(ids).size); // each card once
  });
}
