// `useRecommendations`: the recommendations of a Vue component as refs. It asks once the component
// is mounted (never while rendering on the server, so the server's render and the hydrating
// client's are the same: `loading`, no items), or renders a server snapshot (`{ initial }`, from
// `@svc/vue/server`) on the server and in the hydrating client alike; it asks again when the
// options' `meta` or the config change by value.
import {
  type Recommendation,
  type RecommendationList,
  type Recommendations as RecommendationsClient,
  type RecommendationsConfig,
  type RecommendationsOptions,
  recommendations,
  type SvcError,
} from '@svc/recommendations';
import { computed, type MaybeRefOrGetter, onMounted, shallowRef, toValue, watch } from 'vue';
import { cardRefs } from './card-refs';
import type { RecommendationsSnapshot } from './snapshot';
import type { ComposableOptions, RecommendationsError, RecommendationsState, RecommendationsStatus } from './types';

/** The answer of one `get`, as the values of the state's refs. */
interface Answer {
  items: Recommendation[];
  status: RecommendationsStatus;
  error: RecommendationsError | undefined;
}

const LOADING: Answer = { items: [], status: 'loading', error: undefined };

/** A failure as an answer: `NO_RECOMMENDATIONS` is `empty`. */
const failed = (error: unknown): Answer => ({
  items: [],
  status: (error as SvcError)?.code === 'NO_RECOMMENDATIONS' ? 'empty' : 'error',
  error: error as SvcError,
});

/** One client and its answer for one value of the options' `meta` and the config. */
interface Flight {
  client: RecommendationsClient | undefined;
  answer: Promise<Answer>;
}

/**
 * The latest options, their `emitMetric` read when called: a new function in new props neither
 * asks again nor leaves an event with the function of earlier props.
 */
function relayed(options: MaybeRefOrGetter<RecommendationsOptions>): RecommendationsOptions {
  const { emitMetric, ...rest } = toValue(options) ?? {};
  const relay =
    emitMetric && ((type: string, data: Record<string, unknown>) => toValue(options).emitMetric?.(type, data));
  return { ...rest, ...(relay ? { emitMetric: relay } : {}) } as RecommendationsOptions;
}

/** Creates the client and asks; a refusal (`INVALID_ARGUMENT`) is an answer too, nothing sent. */
function fly(options: RecommendationsOptions, config: RecommendationsConfig): Flight {
  try {
    const client = recommendations(options, config);
    const answer = client
      .get()
      .then((items: RecommendationList): Answer => ({ items, status: 'ready', error: undefined }), failed);
    return { client, answer };
  } catch (error) {
    return { client: undefined, answer: Promise.resolve(failed(error)) };
  }
}

/** A server snapshot's client, made now: a server-rendered card is observed as soon as it is attached. */
function landed(options: RecommendationsOptions, config: RecommendationsConfig): RecommendationsClient | undefined {
  try {
    return recommendations(options, config);
  } catch {
    return undefined; // refused options: the cards render, nothing is observed
  }
}

/** The snapshot as an answer. */
const answerOf = (initial: RecommendationsSnapshot): Answer => ({
  items: initial.items,
  status: initial.status,
  error: initial.error ?? undefined,
});

/**
 * The recommendations of `options` (the experience options: `meta.trackingId` at least) and
 * `config` (as `recommendations(options, config)`), for a Vue component's `setup`. Each may be a
 * plain object, a ref or a getter (`() => props.config`). Asks once mounted (after hydration), and
 * again when `options.meta` or `config` change by value; an answer that comes after a newer
 * question is dropped. Each item is reported shown and
 * clicked once, through `observe`.
 */
export function useRecommendations(
  options: MaybeRefOrGetter<RecommendationsOptions>,
  config: MaybeRefOrGetter<RecommendationsConfig> = {},
  { initial }: ComposableOptions = {},
): RecommendationsState {
  // `key` stands for options.meta and config, compared by value (a new object of the same value asks nothing).
  const key = computed(() => JSON.stringify([toValue(options)?.meta, toValue(config)]));
  /** The client each item came from (its position and once-rule live there). */
  const owners = new WeakMap<Recommendation, RecommendationsClient>();
  /** A server snapshot's items, by their place in it. */
  const places = new WeakMap<Recommendation, number>();
  const start = initial ? answerOf(initial) : LOADING;
  const items = shallowRef(start.items);
  const status = shallowRef(start.status);
  const error = shallowRef(start.error);
  if (initial) {
    const client = landed(relayed(options), toValue(config));
    for (const [i, item] of initial.items.entries()) {
      if (client) owners.set(item, client);
      places.set(item, i + 1);
    }
  }

  let latest: Flight | undefined;
  const ask = () => {
    const flight = fly(relayed(options), toValue(config));
    latest = flight;
    void flight.answer.then((answer) => {
      if (latest !== flight) return; // a newer question was asked
      for (const item of answer.items) if (flight.client) owners.set(item, flight.client);
      items.value = answer.items;
      status.value = answer.status;
      error.value = answer.error;
    });
  };
  onMounted(() => {
    if (!initial) ask();
  });
  // Not called on the server: a watcher there does nothing unless it runs at once.
  watch(key, () => {
    status.value = 'loading';
    error.value = undefined;
    ask();
  });
  return { items, status, error, observe: cardRefs(owners, places) };
}
