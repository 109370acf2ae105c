// `useRecommendations`: the recommendations of a Vue component as refs. It asks once the component
// is mounted (never while rendering on the server, so the server's render and the hydrating
// client's are the same: `loading`, no items), or renders a server snapshot (`{ initial }`, from
// `@svc/vue/server`) on the server and in the hydrating client alike; it asks again when the
// options' `meta` or the config change by value.
import {
  configToAsk,
  type ItemTransforms,
  type Recommendation,
  type RecommendationList,
  type Recommendations as RecommendationsClient,
  type RecommendationsConfig,
  type RecommendationsOptions,
  recommendations,
} from '@svc/recommendations';
import { stateOfAnswer, stateOfFailure, stateOfSnapshot } from '@svc/recommendations/internal';
import { computed, type MaybeRefOrGetter, onMounted, shallowRef, toValue, watch } from 'vue';
import { cardRefs } from './card-refs';
import type { ComposableOptions, RecommendationsError, RecommendationsState, RecommendationsStatus } from './types';

/** The answer of one `get`, as the values of the state's refs. */
interface Answer {
  items: Recommendation[];
  status: RecommendationsStatus;
  error: RecommendationsError | undefined;
}

/** The client of one value of the options' `meta` and the config, and its `get` as an answer. */
interface Connection {
  /** `undefined` when the options or config are refused. */
  client: RecommendationsClient | undefined;
  /** Asks; a refusal (`INVALID_ARGUMENT`) is an answer too, nothing sent. */
  ask(): Promise<Answer>;
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

/** Creates the client of the options and config as they are now (asking for more when ids are excluded). */
function connect(
  options: MaybeRefOrGetter<RecommendationsOptions>,
  config: MaybeRefOrGetter<RecommendationsConfig>,
  transforms: ItemTransforms = {},
): Connection {
  try {
    const client = recommendations(relayed(options), configToAsk(toValue(config), transforms));
    const ask = () =>
      client
        .get()
        .then(
          (items: RecommendationList): Answer => stateOfAnswer(items, transforms, toValue(config).limit),
          stateOfFailure,
        );
    return { client, ask };
  } catch (error) {
    return { client: undefined, ask: async () => stateOfFailure(error) };
  }
}

/**
 * The recommendations of `options` (the experience options: `meta.trackingId` at least) and
 * `config` (as `recommendations(options, config)`), for a Vue component's `setup`. Each may be a
 * plain object, a ref or a getter (`() => props.config`). Asks once mounted (after hydration), and
 * again when `options.meta` or `config` change by value; an answer that comes after a newer
 * question is dropped. Each item is reported shown and clicked once, through `observe`.
 */
export function useRecommendations(
  options: MaybeRefOrGetter<RecommendationsOptions>,
  config: MaybeRefOrGetter<RecommendationsConfig> = {},
  { initial, exclude, transformItems }: ComposableOptions = {},
): RecommendationsState {
  // `key` stands for options.meta, config and exclude, compared by value (a new object of the same value asks nothing).
  const key = computed(() => JSON.stringify([toValue(options)?.meta, toValue(config), toValue(exclude)]));
  const transforms = (): ItemTransforms => ({ exclude: toValue(exclude), transformItems });
  /** The client each item came from (its position and once-rule live there). */
  const owners = new WeakMap<Recommendation, RecommendationsClient>();
  /** Each item shown, by its place as rendered. */
  const places = new WeakMap<Recommendation, number>();
  // A snapshot's items through `exclude`, `transformItems` and `limit`, as any answer's.
  const landed: Answer | undefined = initial && stateOfSnapshot(initial, transforms(), toValue(config).limit);
  const items = shallowRef(landed?.items ?? []);
  const status = shallowRef<RecommendationsStatus>(landed?.status ?? 'loading');
  const error = shallowRef<RecommendationsError | undefined>(landed?.error);
  if (landed) {
    // The snapshot's client, made now: a server-rendered card is observed as soon as it is attached.
    const { client } = connect(options, config);
    for (const [i, item] of landed.items.entries()) {
      if (client) owners.set(item, client);
      places.set(item, i + 1);
    }
  }

  let latest: Connection | undefined;
  const ask = () => {
    const connection = connect(options, config, transforms());
    latest = connection;
    void connection.ask().then((answer) => {
      if (latest !== connection) return; // a newer question was asked
      for (const [i, item] of answer.items.entries()) {
        if (connection.client) owners.set(item, connection.client);
        places.set(item, i + 1); // its position as rendered
      }
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
