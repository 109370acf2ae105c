// @vitest-environment happy-dom
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPageTracker } from '../../src/core/tracker-slot';
import { type ImpressionDetail, recommendations, type ShownItem } from '../../src/recommendations';
import { isViewable, observedCount } from '../../src/recommendations/observe';
import { useMockPlatform } from '../support/mock-server';
import { RAW_ANSWER, TID } from './feed';
import { useTrackers } from './page-tracker';

// observe(element, item, position?): the viewability rule, the one-second count paused while the
// page is hidden, clicks, removal from the document, and the fallback without IntersectionObserver.
// The browser's IntersectionObserver is replaced by one the test drives (happy-dom's never
// reports); Chromium runs the real one in test/e2e/observe.spec.ts.

const mock = useMockPlatform();
const trackers = useTrackers();
beforeEach(() => mock.platform.faults.set('recommend', RAW_ANSWER));

/** The IntersectionObserver of the page, driven by `view`. */
class DrivenObserver {
  static current: DrivenObserver | undefined;
  readonly targets = new Set<Element>();
  constructor(
    readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    DrivenObserver.current = this;
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    DrivenObserver.current = undefined;
  }
}

const VIEWPORT = { width: 1000, height: 800 };
/** The entry of `target` with `share` of its 200x100 box in the 1000x800 viewport. */
const entryOf = (target: Element, share: number): Partial<IntersectionObserverEntry> => ({
  target,
  isIntersecting: share > 0,
  intersectionRatio: share,
  rootBounds: VIEWPORT as DOMRectReadOnly,
  boundingClientRect: { width: 200, height: 100 } as DOMRectReadOnly,
  intersectionRect: { width: 200, height: 100 * share } as DOMRectReadOnly,
});

/** Reports `element` with `share` of its 200x100 box in the 1000x800 viewport. */
function view(element: Element, share: number) {
  const observer = DrivenObserver.current!;
  expect(observer.targets.has(element)).toBe(true);
  observer.callback([entryOf(element, share)]);
}

/** Reports each of `elements` fully in view, in one callback (a row of cards scrolled into view together). */
function viewTogether(elements: Element[]) {
  DrivenObserver.current!.callback(elements.map((element) => entryOf(element, 1)));
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A client delivering through `emitMetric`, and what it delivered. */
function client() {
  const events: [string, Record<string, unknown>][] = [];
  const recs = recommendations({
    meta: { trackingId: TID },
    emitMetric: (type, data) => void events.push([type, data]),
  });
  return { recs, events };
}

const item = (id: string): ShownItem => ({ id, strategy: 'popular', weight: 2 });
/** An item element in the document: `<li><a href>…</a></li>`. */
function rendered(id: string): HTMLElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = `/product/${id}`;
  a.textContent = id;
  li.append(a);
  document.body.append(li);
  return li;
}
const shown = (id: string) => ['recommendationShown', { id, strategy: 'popular', weight: 2 }];
const clicked = (id: string, position: number) => [
  'recommendationClicked',
  { id, strategy: 'popular', weight: 2, position },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('IntersectionObserver', DrivenObserver);
  setHidden(false);
});
afterEach(async () => {
  document.body.replaceChildren();
  await Promise.resolve(); // the removal sweep
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the viewability rule', () => {
  const entry = (ratio: number, box: [number, number], seen: [number, number]) =>
    ({
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      rootBounds: VIEWPORT,
      boundingClientRect: { width: box[0], height: box[1] },
      intersectionRect: { width: seen[0], height: seen[1] },
    }) as unknown as IntersectionObserverEntry;
  it('half of the element in view', () => {
    expect(isViewable(entry(0.5, [200, 100], [200, 50]))).toBe(true);
    expect(isViewable(entry(0.49, [200, 100], [200, 49]))).toBe(false);
    expect(isViewable(entry(0, [200, 100], [0, 0]))).toBe(false);
  });
  it('an element larger than the viewport: 30% of the viewport covered', () => {
    // 1000x4000 (5 viewports): 240 px of height is 30% of the 800 px viewport, 6% of the element.
    expect(isViewable(entry(0.06, [1000, 4000], [1000, 240]))).toBe(true);
    expect(isViewable(entry(0.059, [1000, 4000], [1000, 239]))).toBe(false);
  });
  it('an element smaller than the viewport does not count by the viewport rule', () => {
    // 1000x700 covering 300 px = 37.5% of the viewport, but 43% of itself.
    expect(isViewable(entry(0.43, [1000, 700], [1000, 300]))).toBe(false);
  });
  it('observes at every whole percent', () => {
    const { recs } = client();
    recs.observe(rendered('p1'), item('p1'), 1);
    const thresholds = DrivenObserver.current!.options.threshold as number[];
    expect(thresholds).toHaveLength(101);
    expect(thresholds).toContain(0.5);
    expect(thresholds).toContain(0.06);
  });
});

describe('shown: one continuous second viewable, the page visible', () => {
  it('0.5 s in view then away: nothing; 1 s: shown once; later views: nothing more', () => {
    const { recs, events } = client();
    const li = rendered('p1');
    recs.observe(li, item('p1'), 1);
    view(li, 0.6);
    vi.advanceTimersByTime(500);
    view(li, 0.2);
    vi.advanceTimersByTime(5000);
    expect(events).toEqual([]);
    view(li, 0.6);
    vi.advanceTimersByTime(999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([shown('p1')]);
    // Shown: the element leaves the IntersectionObserver; its clicks are still watched.
    expect(DrivenObserver.current!.targets.has(li)).toBe(false);
    expect(observedCount()).toBe(1);
  });

  it('the page hidden while in view: the hidden time does not count, the count starts again when visible', () => {
    const { recs, events } = client();
    const li = rendered('p1');
    recs.observe(li, item('p1'), 1);
    view(li, 1);
    vi.advanceTimersByTime(600);
    setHidden(true);
    vi.advanceTimersByTime(5000);
    expect(events).toEqual([]);
    setHidden(false);
    vi.advanceTimersByTime(600); // 600 + 600 ms in view, not continuous
    expect(events).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(events).toEqual([shown('p1')]);
  });

  it('in view while hidden from the start: counts only once visible', () => {
    const { recs, events } = client();
    const li = rendered('p1');
    setHidden(true);
    recs.observe(li, item('p1'), 1);
    view(li, 1);
    vi.advanceTimersByTime(3000);
    expect(events).toEqual([]);
    setHidden(false);
    vi.advanceTimersByTime(1000);
    expect(events).toEqual([shown('p1')]);
  });

  it('once per item: the same item on two elements, or already shown(), goes once', async () => {
    const { recs, events } = client();
    const p1 = item('p1');
    const [a, b] = [rendered('p1'), rendered('p1')];
    recs.observe(a, p1, 1);
    recs.observe(b, p1, 1);
    view(a, 1);
    view(b, 1);
    vi.advanceTimersByTime(1000);
    await Promise.resolve();
    const p2 = item('p2');
    await recs.shown(p2);
    const c = rendered('p2');
    recs.observe(c, p2, 2);
    view(c, 1);
    vi.advanceTimersByTime(1000);
    expect(events).toEqual([shown('p1'), shown('p2')]);
  });

  it('only the items in view: each element counts on its own', () => {
    const { recs, events } = client();
    const els = ['p1', 'p2', 'p3'].map(rendered);
    for (const [i, li] of els.entries()) recs.observe(li, item(`p${i + 1}`), i + 1);
    view(els[0], 1);
    view(els[1], 0.7);
    view(els[2], 0.3);
    vi.advanceTimersByTime(2000);
    expect(events).toEqual([shown('p1'), shown('p2')]);
  });

  it('elements viewable from one callback share one timer: their items are shown together, in one task', () => {
    const { recs, events } = client();
    const els = ['p1', 'p2', 'p3'].map(rendered);
    for (const [i, li] of els.entries()) recs.observe(li, item(`p${i + 1}`), i + 1);
    viewTogether(els);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([shown('p1'), shown('p2'), shown('p3')]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('one of them out of view stops its own count only; the last one out stops the timer', () => {
    const { recs, events } = client();
    const els = ['p1', 'p2', 'p3', 'p4'].map(rendered);
    for (const [i, li] of els.entries()) recs.observe(li, item(`p${i + 1}`), i + 1);
    viewTogether(els.slice(0, 2));
    vi.advanceTimersByTime(500);
    view(els[0], 0);
    vi.advanceTimersByTime(500);
    expect(events).toEqual([shown('p2')]);
    viewTogether(els.slice(2));
    view(els[2], 0);
    view(els[3], 0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(events).toEqual([shown('p2')]);
  });

  it('an element viewable from a later callback counts its own second, from then', () => {
    const { recs, events } = client();
    const [a, b] = ['p1', 'p2'].map(rendered);
    recs.observe(a, item('p1'), 1);
    recs.observe(b, item('p2'), 2);
    view(a, 1);
    vi.advanceTimersByTime(600);
    view(b, 1);
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(400);
    expect(events).toEqual([shown('p1')]);
    vi.advanceTimersByTime(599);
    expect(events).toEqual([shown('p1')]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([shown('p1'), shown('p2')]);
  });

  it('a failed delivery counts again at the next view', async () => {
    let fail = true;
    const events: string[] = [];
    const recs = recommendations({
      meta: { trackingId: TID },
      emitMetric: async (type) => {
        if (fail) throw new Error('down');
        events.push(type);
      },
    });
    const li = rendered('p1');
    recs.observe(li, item('p1'), 1);
    view(li, 1);
    vi.advanceTimersByTime(1000);
    await vi.waitFor(() => expect(DrivenObserver.current!.targets.has(li)).toBe(true)); // observed again
    fail = false;
    view(li, 1);
    vi.advanceTimersByTime(1000);
    await Promise.resolve();
    expect(events).toEqual(['recommendationShown']);
  });

  it('the states an element reports (svc-impression), for QA', () => {
    const { recs } = client();
    const states: [string, number][] = [];
    document.addEventListener('svc-impression', (e) =>
      states.push([
        (e as CustomEvent<ImpressionDetail>).detail.state,
        (e as CustomEvent<ImpressionDetail>).detail.position,
      ]),
    );
    const li = rendered('p1');
    const stop = recs.observe(li, item('p1'), 3);
    view(li, 1);
    vi.advanceTimersByTime(300);
    view(li, 0);
    view(li, 1);
    vi.advanceTimersByTime(1000);
    li.querySelector('a')!.click();
    stop();
    expect(states).toEqual([
      ['observed', 3],
      ['viewable', 3],
      ['not-viewable', 3],
      ['viewable', 3],
      ['shown', 3],
      ['clicked', 3],
      ['stopped', 3],
    ]);
  });
});

/** Resolves at the next task (a message-channel task: not faked by the fake timers), after every microtask of this one. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });

describe('clicked: every way of following the item, with its position', () => {
  const mouse = (type: string, init: MouseEventInit) =>
    new MouseEvent(type, { bubbles: true, cancelable: true, ...init });

  it('click, modifier clicks, middle click on the link each send it; not a right click, not a middle click beside the link', () => {
    // Once per item and position per page (shown() and clicked() count copies as the item), so
    // each way of following is tried on a page of its own: a fresh client and element.
    const follow = (act: (link: HTMLAnchorElement, beside: HTMLElement) => void) => {
      const { recs, events } = client();
      const li = rendered('p1');
      li.append(document.createElement('span'));
      recs.observe(li, item('p1'), 4);
      act(li.querySelector('a')!, li.querySelector('span')!);
      li.remove();
      return events;
    };
    const sent = [clicked('p1', 4)];
    expect(follow((link) => link.dispatchEvent(mouse('click', { button: 0 })))).toEqual(sent);
    expect(follow((link) => link.dispatchEvent(mouse('click', { button: 0, ctrlKey: true })))).toEqual(sent);
    expect(follow((link) => link.dispatchEvent(mouse('click', { button: 0, metaKey: true })))).toEqual(sent);
    expect(follow((link) => link.dispatchEvent(mouse('click', { button: 0, shiftKey: true })))).toEqual(sent);
    expect(follow((link) => link.dispatchEvent(mouse('auxclick', { button: 1 })))).toEqual(sent);
    expect(follow((link) => link.dispatchEvent(mouse('auxclick', { button: 2 })))).toEqual([]);
    expect(follow((_, beside) => beside.dispatchEvent(mouse('auxclick', { button: 1 })))).toEqual([]);
  });

  it('a second click on the same item and position sends nothing more (once per page)', () => {
    const { recs, events } = client();
    const li = rendered('p1');
    recs.observe(li, item('p1'), 4);
    li.querySelector('a')!.click();
    li.querySelector('a')!.click();
    expect(events).toEqual([clicked('p1', 4)]);
  });

  it('the position defaults to the item’s place in its get() result', async () => {
    vi.useRealTimers();
    const { recs, events } = client();
    const items = await recs.get();
    const li = rendered(items[1].id);
    recs.observe(li, items[1]);
    li.querySelector('a')!.click();
    expect(events).toEqual([['recommendationClicked', { id: 'p4', weight: 7, strategy: 'cf_viewed', position: 2 }]]);
  });

  it('through the page tracker: the click is flushed at once, and a navigation that follows cannot cut it off (page exit sends it keepalive)', async () => {
    vi.useRealTimers();
    const tracker = trackers.start();
    const fetch = vi.spyOn(globalThis, 'fetch');
    const flush = vi.spyOn(tracker, 'flush');
    const recs = recommendations({ meta: { trackingId: TID } });
    const li = rendered('p1');
    recs.observe(li, item('p1'), 2);
    li.querySelector('a')!.click();
    expect(tracker.queued).toBe(1); // kept until the platform acknowledges it
    expect(flush).toHaveBeenCalledTimes(1); // sent now, not after the batch delay
    // The navigation the click starts ends the page: pagehide sends what is not acknowledged, keepalive.
    window.dispatchEvent(new Event('pagehide'));
    await nextTask();
    // A Request, or a URL with the body beside it (the tracker's delivery calls fetch with a URL).
    const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));
    const exits = fetch.mock.calls.filter(
      ([input, init]) => urlOf(input).startsWith('https://events.svc.example/') && init?.keepalive === true,
    );
    expect(exits).toHaveLength(1);
    const [input, init] = exits[0];
    const sent = new Uint8Array(
      await (input instanceof Request ? input.clone() : new Response(init?.body)).arrayBuffer(),
    );
    const text = urlOf(input).includes('encoding=gzip')
      ? new TextDecoder().decode(gunzipSync(sent))
      : new TextDecoder().decode(sent);
    const body = JSON.parse(text) as { events: { meta: { type: string }; data: unknown }[] };
    expect(body.events.map((e) => [e.meta.type, e.data])).toEqual([clicked('p1', 2)]);
    setPageTracker(undefined);
  });

  it('without a tracker: a direct keepalive POST, also started in the click', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const recs = recommendations({ meta: { trackingId: TID, visitorId: 'v1' } });
    const li = rendered('p1');
    recs.observe(li, item('p1'), 2);
    li.querySelector('a')!.click();
    await nextTask();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][1]).toMatchObject({ keepalive: true });
    const [input, init] = fetch.mock.calls[0];
    expect(input instanceof Request ? input.method : init?.method).toBe('POST');
  });
});

describe('the end of an observation', () => {
  it('the returned function stops it: no shown, no clicked', () => {
    const { recs, events } = client();
    const li = rendered('p1');
    const stop = recs.observe(li, item('p1'), 1);
    view(li, 1);
    stop();
    stop();
    vi.advanceTimersByTime(2000);
    li.querySelector('a')!.click();
    expect(events).toEqual([]);
    expect(observedCount()).toBe(0);
    expect(DrivenObserver.current).toBeUndefined(); // nothing observed: the shared observer is gone
  });

  it('an element removed from the document stops being observed, its timer too', async () => {
    const { recs, events } = client();
    const li = rendered('p1');
    recs.observe(li, item('p1'), 1);
    view(li, 1);
    li.remove();
    await Promise.resolve();
    vi.advanceTimersByTime(2000);
    expect(events).toEqual([]);
    expect(observedCount()).toBe(0);
  });

  it('a widget re-rendered 100 times: only the elements on the page are observed', async () => {
    const { recs } = client();
    const list = document.createElement('ol');
    document.body.append(list);
    for (let render = 0; render < 100; render++) {
      list.replaceChildren(
        ...['p1', 'p2', 'p3'].map((id) => Object.assign(document.createElement('li'), { textContent: id })),
      );
      for (const [i, li] of [...list.children].entries()) recs.observe(li, item(`p${i + 1}`), i + 1);
      await Promise.resolve();
    }
    expect(observedCount()).toBe(3);
    expect(DrivenObserver.current!.targets.size).toBe(3);
    list.remove();
    await Promise.resolve();
    expect(observedCount()).toBe(0);
  });

  it('an element observed before it is inserted starts when inserted, and stops when it leaves', async () => {
    const { recs, events } = client();
    const li = document.createElement('li');
    recs.observe(li, item('p1'), 1);
    rendered('other').remove(); // a removal elsewhere
    await Promise.resolve();
    expect(observedCount()).toBe(0); // waiting, held weakly: a never inserted element is not kept
    document.body.append(li);
    await Promise.resolve();
    expect(observedCount()).toBe(1);
    view(li, 1);
    vi.advanceTimersByTime(1000);
    expect(events).toEqual([shown('p1')]);
    li.remove();
    await Promise.resolve();
    expect(observedCount()).toBe(0);
    expect(DrivenObserver.current).toBeUndefined();
  });
});

describe('without IntersectionObserver', () => {
  it('shown at once (on render); clicks still watched', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { recs, events } = client();
    const li = rendered('p1');
    recs.observe(li, item('p1'), 5);
    li.querySelector('a')!.click();
    expect(events).toEqual([shown('p1'), clicked('p1', 5)]);
  });
});

describe('refusals: INVALID_ARGUMENT at once, nothing observed', () => {
  it.each<[string, unknown[], RegExp]>([
    ['no element', [undefined, item('p1'), 1], /^element /],
    ['a text node', [document.createTextNode('x'), item('p1'), 1], /^element /],
    ['not an item', [null, 'p1', 1], /^element |^item /],
    ['a position of 0', [document.createElement('li'), item('p1'), 0], /^position /],
    ['no position for an item not from get()', [document.createElement('li'), item('p1')], /^position /],
    [
      'a weight that is not numeric',
      [document.createElement('li'), { id: 'p1', strategy: 'popular', weight: 'x' }, 1],
      /^item\.weight /,
    ],
    ['no strategy', [document.createElement('li'), { id: 'p1', weight: 1 }, 1], /^item\.strategy /],
  ])('%s', (_, args, message) => {
    const { recs } = client();
    expect(() => (recs.observe as (...a: unknown[]) => unknown)(...args)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }),
    );
    expect(observedCount()).toBe(0);
  });
});
