// Viewable impressions: `observe(element, item, position?)` of a recommendations client watches
// one rendered item. `shown` goes out the first time the element has been viewable for one
// continuous second with the page visible (the IAB/MRC standard for display); `clicked` on every
// click, middle click or Enter that follows it. One IntersectionObserver, one MutationObserver and
// one visibilitychange listener serve every observed element of the page, and exist only while
// something is observed. The elements that become viewable together (a row of cards) share one
// timer: their items are shown in one task, so their events are queued and stored together.
import { qaChannel, qaRecord } from '@svc/core/internal';

/** The viewability standard, as data. */
export const VIEWABILITY = {
  /** Share of the element that must be in the viewport. */
  elementShare: 0.5,
  /** For an element larger than the viewport: share of the viewport it must cover instead. */
  viewportShare: 0.3,
  /** Milliseconds the element must stay viewable, the page visible, without a break. */
  duration: 1000,
} as const;

/**
 * IntersectionObserver thresholds: every whole percent, so that the callback comes when either
 * rule starts or stops holding (the viewport rule can hold at any share of a tall element).
 */
const THRESHOLDS = Array.from({ length: 101 }, (_, i) => i / 100);

/** What an observed element reports, as the `detail.state` of its `svc-impression` DOM event. */
export type ImpressionState = 'observed' | 'viewable' | 'not-viewable' | 'shown' | 'clicked' | 'stopped';

/** The DOM event an observed element dispatches (bubbling) at each change of its state. */
export const IMPRESSION_EVENT = 'svc-impression';

/** `detail` of the `svc-impression` event. */
export interface ImpressionDetail {
  state: ImpressionState;
  /** The item given to `observe`. */
  item: unknown;
  /** The position `clicked` sends. */
  position: number;
}

/** What `observe` delivers through its client. */
export interface ImpressionActions {
  item: unknown;
  position: number;
  /** Sends `recommendationShown` (once per item: the client's rule). */
  shown(): Promise<void>;
  /** Sends `recommendationClicked` with the position. */
  clicked(): Promise<void>;
}

/** One observed element and item. */
interface Watch extends ImpressionActions {
  element: Element;
  /** The last verdict of the IntersectionObserver. */
  viewable: boolean;
  /** `shown` went out (or is on its way). */
  done: boolean;
  /** The one-second count running for it, if any. */
  count?: Count;
  /** While the element has not been in the document: how `pending` holds it. */
  waiting?: WeakRef<Watch>;
  stop(): void;
}

/** One timer for the watches whose one-second count started in the same callback. */
interface Count {
  watches: Set<Watch>;
  timer: ReturnType<typeof setTimeout>;
}

/** The counts that one callback (an IntersectionObserver's, a visibility change) starts: one at most. */
interface Starts {
  count?: Count;
}

/** The watches of each observed element in the document (an element may carry several items or clients). */
const watched = new Map<Element, Set<Watch>>();
/**
 * Watches of elements observed before they were in the document, held weakly: they start when
 * the element is inserted, and an element never inserted is collected with its watch.
 */
const pending = new Set<WeakRef<Watch>>();
let intersections: IntersectionObserver | undefined;
let mutations: MutationObserver | undefined;

/** Number of elements observed on this page (the no-leak guarantee's measure), for the QA channel. */
export const observedCount = (): number => watched.size;
qaChannel().gauges.observed = observedCount;

const area = (rect: { width: number; height: number }) => rect.width * rect.height;

/**
 * Whether the element of `entry` is viewable: half of it in view, or 30% of the viewport covered by an element larger
 * than it.
 */
export function isViewable(entry: IntersectionObserverEntry): boolean {
  if (!entry.isIntersecting) return false;
  const viewport = area(entry.rootBounds ?? { width: innerWidth, height: innerHeight });
  return (
    entry.intersectionRatio >= VIEWABILITY.elementShare ||
    (area(entry.boundingClientRect) > viewport && area(entry.intersectionRect) >= VIEWABILITY.viewportShare * viewport)
  );
}

/** Dispatches the state of `watch` on its element, and records it for the QA overlay. */
const report = (watch: Watch, state: ImpressionState) => {
  const detail: ImpressionDetail = { state, item: watch.item, position: watch.position };
  qaRecord('impression', detail);
  watch.element.dispatchEvent(new CustomEvent(IMPRESSION_EVENT, { bubbles: true, detail }));
};

/**
 * Starts or stops the one-second count of `watch` after a change of its viewability or of the page's visibility. A
 * count started joins the one its callback started already (`starts`), if any.
 */
function startOrStopViewTimer(watch: Watch, starts: Starts) {
  const counting = watch.viewable && !document.hidden && !watch.done;
  if (counting && !watch.count) {
    if (!starts.count?.watches.size) {
      const watches = new Set<Watch>();
      const timer = setTimeout(() => {
        for (const counted of watches) show(counted);
      }, VIEWABILITY.duration);
      starts.count = { watches, timer };
    }
    watch.count = starts.count;
    watch.count.watches.add(watch);
    report(watch, 'viewable');
  } else if (!counting && watch.count) {
    stopCount(watch);
    report(watch, 'not-viewable');
  }
}

/** Takes `watch` out of its count; the count's timer stops when no watch is left in it. */
function stopCount(watch: Watch) {
  const count = watch.count!;
  watch.count = undefined;
  count.watches.delete(watch);
  if (!count.watches.size) clearTimeout(count.timer);
}

/**
 * Sends `shown`; the element leaves the IntersectionObserver once every item on it is shown. A failed delivery counts
 * again.
 */
function show(watch: Watch) {
  watch.count = undefined;
  watch.done = true;
  report(watch, 'shown');
  const watches = watched.get(watch.element);
  if (intersections && watches && [...watches].every((w) => w.done)) intersections.unobserve(watch.element);
  watch.shown().catch(() => {
    watch.done = false;
    // Observing again delivers a fresh first verdict, which starts a new count.
    if (watched.get(watch.element)?.has(watch)) intersections?.observe(watch.element);
  });
}

const onIntersect = (entries: IntersectionObserverEntry[]) => {
  const starts: Starts = {};
  for (const entry of entries) {
    for (const watch of watched.get(entry.target) ?? []) {
      watch.viewable = isViewable(entry);
      startOrStopViewTimer(watch, starts);
    }
  }
};

const onVisibility = () => {
  const starts: Starts = {};
  for (const watches of watched.values()) for (const watch of watches) startOrStopViewTimer(watch, starts);
};

/** After a change of the document: waiting elements now in it start; started ones no longer in it stop. */
const onMutations = (records: MutationRecord[]) => {
  for (const ref of pending) {
    const watch = ref.deref();
    if (!watch) pending.delete(ref);
    else if (watch.element.isConnected) start(watch);
  }
  if (records.some((record) => record.removedNodes.length)) {
    for (const [element, watches] of watched) {
      if (!element.isConnected) for (const watch of watches) watch.stop();
    }
  }
  if (!watched.size && !pending.size) release();
};

/**
 * Watches `element` for `actions`, from now or, for an element not yet in the document, from its
 * insertion; returns the function that stops it. Without IntersectionObserver, `shown` goes out at
 * once (at render).
 */
export function observeElement(element: Element, actions: ImpressionActions): () => void {
  const onClick = () => {
    report(watch, 'clicked');
    actions.clicked().catch(() => {});
  };
  // A middle click opens a link in a new tab: only on a link of the element.
  const onAuxClick = (event: MouseEvent) => {
    const link = event.button === 1 && (event.target as Element | null)?.closest?.('a[href]');
    if (link && (element.contains(link) || link.contains(element))) onClick();
  };
  const listening = new AbortController();
  const watch: Watch = {
    ...actions,
    element,
    viewable: false,
    done: false,
    stop() {
      if (listening.signal.aborted) return;
      listening.abort();
      if (watch.count) stopCount(watch);
      if (watch.waiting) pending.delete(watch.waiting);
      const watches = watched.get(element);
      if (watches?.delete(watch) && !watches.size) {
        watched.delete(element);
        intersections?.unobserve(element);
      }
      report(watch, 'stopped');
      if (!watched.size && !pending.size) release();
    },
  };
  // A click (any button modifiers, and Enter on a focused link, which the browser turns into a click).
  element.addEventListener('click', onClick, listening);
  element.addEventListener('auxclick', onAuxClick as EventListener, listening);

  if (!mutations) {
    mutations = new MutationObserver(onMutations);
    mutations.observe(document, { childList: true, subtree: true });
    document.addEventListener('visibilitychange', onVisibility);
    if (typeof IntersectionObserver === 'function')
      intersections = new IntersectionObserver(onIntersect, { threshold: THRESHOLDS });
  }
  report(watch, 'observed');
  if (element.isConnected) start(watch);
  else {
    watch.waiting = new WeakRef(watch);
    pending.add(watch.waiting);
  }
  return watch.stop;
}

/**
 * The element of `watch` is in the document: its viewability counts from now (or, without IntersectionObserver, it is
 * shown).
 */
function start(watch: Watch) {
  if (watch.waiting) pending.delete(watch.waiting);
  watch.waiting = undefined;
  const watches = watched.get(watch.element) ?? new Set();
  watched.set(watch.element, watches.add(watch));
  if (intersections) intersections.observe(watch.element);
  else show(watch);
}

/** Nothing observed any more: the shared observers and the listener go. */
function release() {
  intersections?.disconnect();
  mutations?.disconnect();
  document.removeEventListener('visibilitychange', onVisibility);
  intersections = mutations = undefined;
}
