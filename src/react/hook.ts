// `useRecommendations`: the recommendations of a React component. It asks after hydration (nothing
// touches `window` while rendering, so the server's render and the first client render are the
// same: `loading`, no items), or renders a server snapshot (`{ initial }`, from `@svc/react/server`)
// on the server and in the first client render alike; it asks again when the options' `meta` or
// the config change by value.
import {
  configToAsk,
  type ItemTransforms,
  type Recommendation,
  type RecommendationList,
  type Recommendations as RecommendationsClient,
  type RecommendationsConfig,
  type RecommendationsOptions,
  type RecommendationsSnapshot,
  recommendations,
} from '@svc/recommendations';
import { stateOfAnswer, stateOfFailure, stateOfSnapshot } from '@svc/recommendations/internal';
import { useEffect, useRef, useState } from 'react';
import { useObserve } from './card-refs';
import type { HookOptions, RecommendationsState } from './types';

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
