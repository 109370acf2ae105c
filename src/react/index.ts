// @svc/react: recommendations in React. `useRecommendations(options, config)` gets the items
// after hydration (nothing touches `window` while rendering, so the server's render and the
// first client render are the same: `loading`, no items), or renders a server snapshot
// (`{ initial }`, from `@svc/react/server`) on the server and in the first client render alike;
// `observe(item)` is the ref callback a card puts on its element (shown once seen for a second,
// clicked when followed).

import type { RecommendationsSnapshot } from '@svc/recommendations';
import {
  configToAsk,
  type ItemTransforms,
  type Recommendation,
  type RecommendationList,
  type Recommendations as RecommendationsClient,
  type RecommendationsConfig,
  type RecommendationsOptions,
  recommendations,
  type SvcError,
} from '@svc/recommendations';
import {
  CARD_STYLE,
  carouselEnds,
  pageThrough,
  stateOfAnswer,
  stateOfFailure,
  stateOfSnapshot,
  TRACK_STYLE,
} from '@svc/recommendations/internal';
import {
  createElement,
  Fragment,
  type ReactNode,
  type RefCallback,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export type { RecommendationsSnapshot, SnapshotStatus } from '@svc/recommendations';

/** Where a widget is: `empty` is `NO_RECOMMENDATIONS`, `error` any other failure (in `error`). */
export type RecommendationsStatus = 'loading' | 'ready' | 'empty' | 'error';

/** What `useRecommendations` returns. */
export interface RecommendationsState {
  /** The latest answer's items, best first; empty until the first answer. */
  items: Recommendation[];
  status: RecommendationsStatus;
  /** The failure of `empty` and `error` (a server snapshot's: its code and message), else `undefined`. */
  error: SvcError | RecommendationsSnapshot['error'] | undefined;
  /**
   * The ref callback of the card of `item`: `<a ref={observe(item)}>`. The same item and position
   * always give the same callback, so a re-render does not restart the one-second count.
   * `position` defaults to the item's place in its answer.
   */
  observe(item: Recommendation, position?: number): RefCallback<Element>;
}

/** The answer of one `get`, as state. */
type Answer = Pick<RecommendationsState, 'items' | 'status' | 'error'>;

const LOADING: Answer = { items: [], status: 'loading', error: undefined };

/** One client and its `get` for one value of the options and config: StrictMode's second effect reuses it. */
interface Flight {
  key: string;
  client: RecommendationsClient | undefined;
  answer: Promise<Answer>;
  /** A server snapshot's answer, known at once. */
  initial?: Answer;
}

/** Options of `useRecommendations` beyond the client's: the snapshot, and `exclude` and `transformItems`. */
export interface HookOptions extends ItemTransforms {
  /**
   * The server's snapshot (`loadRecommendations` of `@svc/react/server`): rendered on the server and
   * in the first client render, with no request after hydration; the hook asks only when the options
   * or config change. `exclude`, `transformItems` and `limit` apply to its items as to any answer's.
   * Without it, the hook asks after hydration.
   * @default undefined
   */
  initial?: RecommendationsSnapshot;
}

/**
 * The snapshot's answer (a `ready` one through `exclude`, `transformItems` and `limit`, as any answer),
 * with its items' client made now: a server-rendered card is observed as soon as it is attached.
 */
function landed(
  key: string,
  options: RecommendationsOptions,
  config: RecommendationsConfig,
  initial: RecommendationsSnapshot,
  transforms: ItemTransforms,
): Flight & { initial: Answer } {
  const answer = stateOfSnapshot(initial, transforms, config.limit);
  let client: RecommendationsClient | undefined;
  try {
    client = recommendations(options, config);
  } catch {
    client = undefined; // refused options: the cards render, nothing is observed
  }
  return { key, client, answer: Promise.resolve(answer), initial: answer };
}

/**
 * The latest options, their `emitMetric` read when called: a new function on each render neither
 * asks again nor leaves an event with the function of an earlier render.
 */
function relayed(latest: { current: RecommendationsOptions }): RecommendationsOptions {
  const { emitMetric, ...rest } = latest.current ?? {};
  const relay =
    emitMetric && ((type: string, data: Record<string, unknown>) => latest.current.emitMetric?.(type, data));
  return { ...rest, ...(relay ? { emitMetric: relay } : {}) } as RecommendationsOptions;
}

/**
 * Creates the client and asks (for more when ids are excluded); a refusal (`INVALID_ARGUMENT`) is
 * an answer too, nothing sent. `transforms` is read when the answer comes.
 */
function fly(
  key: string,
  options: RecommendationsOptions,
  config: RecommendationsConfig,
  transforms: { current: ItemTransforms },
): Flight {
  try {
    const client = recommendations(options, configToAsk(config, transforms.current));
    const answer = client
      .get()
      .then(
        (items: RecommendationList): Answer => stateOfAnswer(items, transforms.current, config.limit),
        stateOfFailure,
      );
    return { key, client, answer };
  } catch (error) {
    return { key, client: undefined, answer: Promise.resolve(stateOfFailure(error)) };
  }
}

/**
 * The recommendations of `options` (the experience options: `meta.trackingId` at least) and
 * `config` (as `recommendations(options, config)`), for a React component. Asks after the first
 * render (after hydration), and again when `options.meta` or `config` change by value. Each item
 * is reported shown and clicked once, StrictMode's double effects and ref callbacks included.
 */
export function useRecommendations(
  options: RecommendationsOptions,
  config: RecommendationsConfig = {},
  { initial, exclude, transformItems }: HookOptions = {},
): RecommendationsState {
  const key = JSON.stringify([options?.meta, config, exclude]);
  const transforms = useRef<ItemTransforms>({});
  transforms.current = { exclude, transformItems };
  const flight = useRef<Flight | undefined>(undefined);
  /** The client each shown item came from (its position and once-rule live there). */
  const owners = useRef(new WeakMap<Recommendation, RecommendationsClient>());
  /** Each item shown, by its place as rendered (no `get` of this page's client knows a server snapshot's items). */
  const places = useRef(new WeakMap<Recommendation, number>());
  const latest = useRef(options);
  latest.current = options;
  if (initial && !flight.current) {
    const landing = landed(key, relayed(latest), config, initial, transforms.current);
    flight.current = landing;
    const { client } = landing;
    for (const [i, item] of landing.initial.items.entries()) {
      if (client) owners.current.set(item, client);
      places.current.set(item, i + 1);
    }
  }
  const [answer, setAnswer] = useState<Answer>(() => flight.current?.initial ?? LOADING);

  // `key` stands for options.meta and config, compared by value (a new object of the same value asks nothing).
  // biome-ignore lint/correctness/useExhaustiveDependencies: config is compared through key
  useEffect(() => {
    let live = true;
    if (flight.current?.key !== key) {
      if (flight.current) setAnswer((previous) => ({ ...previous, status: 'loading', error: undefined }));
      flight.current = fly(key, relayed(latest), config, transforms);
    }
    const { client, answer: next } = flight.current;
    void next.then((state) => {
      if (!live) return;
      for (const [i, item] of state.items.entries()) {
        if (client) owners.current.set(item, client);
        places.current.set(item, i + 1); // its position as rendered
      }
      setAnswer(state);
    });
    return () => {
      live = false;
    };
  }, [key]);

  const observe = useObserve(owners.current, places.current);
  return { ...answer, observe };
}

/**
 * `observe(item, position?)`: one ref callback per item and position, observing with the item's
 * client; a server snapshot's item, without a position, at its place as rendered.
 */
function useObserve(owners: WeakMap<Recommendation, RecommendationsClient>, places: WeakMap<Recommendation, number>) {
  const refs = useRef(new WeakMap<Recommendation, Map<number | undefined, RefCallback<Element>>>());
  return useCallback(
    (item: Recommendation, position?: number): RefCallback<Element> => {
      const byPosition = refs.current.get(item) ?? new Map<number | undefined, RefCallback<Element>>();
      refs.current.set(item, byPosition);
      let ref = byPosition.get(position);
      if (!ref) {
        // React 19 calls the returned function when the element goes: the observation stops.
        const at = position ?? places.get(item);
        ref = (element) => (element ? owners.get(item)?.observe(element, item, at) : undefined);
        byPosition.set(position, ref);
      }
      return ref;
    },
    [owners, places],
  );
}

/** Props of `<Recommendations>`. */
export interface RecommendationsProps {
  /** The experience options (`meta.trackingId` at least), as for `useRecommendations`. */
  options: RecommendationsOptions;
  /**
   * The config of `get` (strategy, seed, limit, locale, ...). Without it, `get`'s defaults apply: strategy
   * `popular`, 10 items.
   * @default {}
   */
  config?: RecommendationsConfig;
  /**
   * The server's snapshot (`loadRecommendations` of `@svc/react/server`), as for `useRecommendations`. Without it,
   * the component asks after hydration.
   * @default undefined
   */
  initial?: RecommendationsSnapshot;
  /**
   * Ids never shown, as for `useRecommendations`: the request asks for as many more.
   * @default []
   */
  exclude?: readonly string[];
  /**
   * Replaces the list shown after `exclude`, as for `useRecommendations`. Without it, the items show as they came.
   * @default undefined
   */
  transformItems?: ItemTransforms['transformItems'];
  /** Renders the widget from the state: `{ items, status, error, observe }`. */
  children: (state: RecommendationsState) => ReactNode;
}

/** `useRecommendations` as a component with a render prop. */
export function Recommendations({
  options,
  config,
  initial,
  exclude,
  transformItems,
  children,
}: RecommendationsProps): ReactNode {
  return children(useRecommendations(options, config, { initial, exclude, transformItems }));
}

export type { Recommendation, RecommendationsConfig, RecommendationsOptions, SvcError } from '@svc/recommendations';

/** Props of `<RecommendationsCarousel>`: those of `<Recommendations>` but `children`, and the carousel's own. */
export interface RecommendationsCarouselProps extends Omit<RecommendationsProps, 'children'> {
  /**
   * The carousel's accessible name (its `aria-label`).
   * @default 'Recommendations'
   */
  label?: string;
  /**
   * Shown before the row, with items only (a heading). Without it, none.
   * @default undefined
   */
  header?: ReactNode;
  /** Renders one card; `ref` goes on the card's root element, which is observed (shown once seen, clicked when followed). */
  renderItem: (item: Recommendation, ref: RefCallback<Element>) => ReactNode;
  /**
   * What shows while loading, and for `empty` and `error` (from the state): a placeholder of the row's height.
   * Without it, nothing.
   * @default undefined
   */
  fallback?: (state: RecommendationsState) => ReactNode;
}

/**
 * The track of a carousel showing `items`: its ref callback (the row's layout), the element, and
 * where the row's ends are (the buttons' disabled states), kept as the track scrolls and resizes.
 */
function useCarouselTrack(items: readonly Recommendation[]) {
  const track = useRef<HTMLDivElement | null>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: false });
  const update = useCallback(() => {
    if (!track.current) return;
    for (const card of track.current.children) Object.assign((card as HTMLElement).style, CARD_STYLE);
    const now = carouselEnds(track.current);
    // The same state when neither end changed: a scroll event re-renders nothing (a smooth scroll sends many).
    setEnds((was) => (was.atStart === now.atStart && was.atEnd === now.atEnd ? was : now));
  }, []);
  const trackRef = useCallback((node: HTMLDivElement | null) => {
    track.current = node;
    if (node) Object.assign(node.style, TRACK_STYLE);
  }, []);
  // Before the browser paints the cards (a layout effect): each card is laid out in the row from its
  // first frame, as the element lays out the cards it inserts, and the buttons say where the ends are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ends change with the items shown
  useLayoutEffect(() => {
    const node = track.current;
    if (!node) return;
    update();
    node.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : undefined;
    resized?.observe(node);
    return () => {
      node.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [update, items]);
  return { track, trackRef, ends };
}

/**
 * The recommendations as a carousel after the WAI-ARIA APG pattern, as `layout="carousel"` of the
 * element: a region named `label` whose `aria-roledescription` is `carousel`, previous / next
 * buttons disabled at the ends, a track the keyboard can focus and scroll, snapping, no autoplay,
 * reduced motion respected. Rendered the same on the server and in the first client render (the
 * previous button disabled); the layout styles are set through the CSSOM, which a strict CSP allows.
 */
export function RecommendationsCarousel(props: RecommendationsCarouselProps): ReactNode {
  const { options, config, initial, exclude, transformItems } = props;
  const state = useRecommendations(options, config, { initial, exclude, transformItems });
  const id = useId();
  const { track, trackRef, ends } = useCarouselTrack(state.items);
  if (state.status !== 'ready') return props.fallback?.(state) ?? null;
  const button = (direction: -1 | 1) =>
    createElement(
      'button',
      {
        type: 'button',
        'aria-label': direction < 0 ? 'Previous items' : 'Next items',
        'aria-controls': id,
        disabled: direction < 0 ? ends.atStart : ends.atEnd,
        [direction < 0 ? 'data-svc-prev' : 'data-svc-next']: '',
        onClick: () => track.current && pageThrough(track.current, direction),
      },
      direction < 0 ? '‹' : '›',
    );
  const cards = state.items.map((item) =>
    createElement(Fragment, { key: item.id }, props.renderItem(item, state.observe(item))),
  );
  const row = createElement(
    'div',
    { id, ref: trackRef, 'data-svc-track': '', role: 'group', 'aria-label': 'Items', tabIndex: 0 },
    cards,
  );
  const region = createElement(
    'section',
    { 'data-svc-carousel': '', 'aria-roledescription': 'carousel', 'aria-label': props.label ?? 'Recommendations' },
    button(-1),
    row,
    button(1),
  );
  return createElement(Fragment, null, props.header, region);
}
