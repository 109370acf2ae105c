// The recommendations client: recommendations(options, config) -> { get, shown, clicked, observe }
// (PROTOCOL.md "Recommendations"). Its options are read once, by `readSettings` (./request), and
// every step after reads the settings.
import {
  aFiniteNumber,
  aString,
  type Fields,
  invalid,
  isObject,
  NoRecommendationsError,
  optional,
  ProtocolError,
  pageTracker,
  refusedField,
  request,
} from '@svc/core';
import { postEvent, type RecommendationEvent } from './events';
import { observeElement } from './observe';
import { buildRequest, isNonEmptyString, readSettings, type Settings, visitorIdOf } from './request';
import type {
  ExperienceMeta,
  Recommendation,
  RecommendationList,
  Recommendations,
  RecommendationsConfig,
  RecommendationsOptions,
  ShownItem,
} from './types';
import { toWeight } from './weight';

/** How many of a client's latest get() results place copies of items (older ones are forgotten). */
const RECENT_RESULTS = 20;

const isPosition = (value: unknown) => Number.isInteger(value) && (value as number) > 0;

/**
 * Where a client's items were: each item of a get() result -> that result, and the latest results (to place copies).
 */
function createPlaces() {
  const results = new WeakMap<object, Recommendation[]>();
  const recent: Recommendation[][] = [];
  return {
    /** Remembers a get() result. */
    add(list: Recommendation[]): void {
      for (const item of list) results.set(item, list);
      recent.push(list);
      if (recent.length > RECENT_RESULTS) recent.shift();
    },
    /**
     * The 1-based position of `item` in the latest get() result holding it (itself, else an item with its id and
     * strategy).
     */
    of(item: ShownItem): number | undefined {
      const own = results.get(item);
      const lists = own ? [own] : recent;
      for (let i = lists.length - 1; i >= 0; i--) {
        const at = lists[i].findIndex((r) => r === item || (r.id === item.id && r.strategy === item.strategy));
        if (at >= 0) return at + 1;
      }
      return undefined;
    },
  };
}

/**
 * `item` checked (`INVALID_ARGUMENT` naming the bad field) and its 1-based position: `explicit`,
 * else the item's own, else `placeOf`'s (its place in a get() result); `undefined` when none.
 */
function placeItem(
  placeOf: (item: ShownItem) => number | undefined,
  item: ShownItem,
  explicit?: number,
): number | undefined {
  if (!isObject(item)) invalid('item', item, 'must be a recommendation');
  for (const key of ['id', 'strategy'] as const) {
    if (!isNonEmptyString(item[key])) invalid(`item.${key}`, item[key], 'must be a non-empty string');
  }
  if (explicit !== undefined && !isPosition(explicit)) invalid('position', explicit, 'must be an integer >= 1');
  const own = (item as { position?: unknown }).position;
  if (own !== undefined && !isPosition(own)) invalid('item.position', own, 'must be an integer >= 1');
  toWeight(item.weight); // refuses a weight that is not numeric
  return explicit ?? (own as number | undefined) ?? placeOf(item);
}

/** A click's position, required: a click is reported with the place the item was followed at. */
function clickPosition(position: number | undefined): number {
  if (position === undefined)
    invalid('position', position, 'is required: not given, not on the item, and the item is in no get() result');
  return position;
}

/**
 * The event `type` of a checked `item` at `position`, and the key it is sent once by: item id,
 * strategy and position, so copies of an item count as the item.
 */
function eventOf(
  meta: ExperienceMeta,
  type: RecommendationEvent,
  item: ShownItem,
  position: number | undefined,
): { data: Record<string, unknown>; key: string } {
  const data: Record<string, unknown> = { id: item.id, weight: toWeight(item.weight), strategy: item.strategy };
  if (meta.experienceId !== undefined) data.experienceId = String(meta.experienceId);
  if (type === 'recommendationClicked') data.position = clickPosition(position);
  return { data, key: JSON.stringify([type, item.id, item.strategy, position ?? null]) };
}

/** One item of a get() answer (PROTOCOL.md, "Recommendations"), in core's rows, as every client reads its answers. */
const RESULT_ITEM: Fields = [
  ['id', aString],
  ['weight', aFiniteNumber],
  ['strategy', optional(aString)],
  ['details', optional(isObject), 'must be an object'],
];

/**
 * A get() answer as a list of at most `limit` items (items default to the principal strategy), or
 * `PROTOCOL` naming the first bad field. Items past `limit` (a server that ignored `n`) are
 * neither read nor kept.
 */
function readList(result: unknown, action: string, principal: string, limit: number): RecommendationList {
  if (!isObject(result) || !Array.isArray(result.items)) throw new ProtocolError(action, 'invalid result.items');
  const items: Recommendation[] = result.items.slice(0, limit);
  items.forEach((item, i) => {
    const bad = refusedField(`result.items[${i}]`, item, RESULT_ITEM);
    if (bad) throw new ProtocolError(action, `invalid ${bad}`);
  });
  const list: RecommendationList = items.map(({ id, weight, strategy = principal, details = {} }) => ({
    id,
    weight,
    strategy,
    details,
  }));
  if (!list[0]) throw new NoRecommendationsError(action);
  if (Array.isArray(result.rules)) list.rules = result.rules;
  if (typeof result.locale === 'string') list.locale = result.locale;
  return list;
}

/**
 * Sends an event (`type`, its `data`) once per `key` (item id, strategy and position):
 * `emitMetric`, else the tracker (which queues and retries; a click is sent at once, keepalive, as
 * a navigation may follow), else one direct POST (keepalive). A failed delivery un-counts it, so a
 * later call retries; concurrent calls send once.
 */
function createEventSender(settings: Settings) {
  const { meta, emitMetric, config, trackingId } = settings;
  // Events sent (or on their way), keyed by item id, strategy and position: copies count as the item.
  const sent = new Set<string>();
  return async (type: RecommendationEvent, { data, key }: { data: Record<string, unknown>; key: string }) => {
    if (sent.has(key)) return;
    sent.add(key);
    try {
      const tracker = settings.tracker ?? pageTracker();
      if (emitMetric) await emitMetric(type, data);
      else if (tracker) {
        tracker.emit(type, data);
        if (type === 'recommendationClicked') void tracker.flush?.();
      } else {
        const visitorId = visitorIdOf(meta, config);
        if (visitorId === undefined) invalid('visitorId', undefined, 'is required without a tracker');
        await postEvent(trackingId, visitorId, type, data);
      }
    } catch (error) {
      sent.delete(key);
      throw error;
    }
  };
}

/** One `get`: the config checked, the request sent, the answer read (`overrides` over `config` over the defaults). */
async function getList(settings: Settings, overrides: RecommendationsConfig): Promise<RecommendationList> {
  const { url, query, json, timeout, limit, principal } = buildRequest(settings, overrides);
  const action = `recommendations ${query.strategy} for ${url}`;
  const { result } = await request(url, { query, json, timeout, action });
  return readList(result, action, principal, limit);
}

/**
 * A recommendations client for experience code: `get` the items of a widget, report them `shown`
 * and `clicked`. Throws `InvalidArgumentError` at once for a missing tracking id or an unknown key.
 * @example
 * ```ts
 * const widget = recommendations({ meta: { trackingId: 'demo_shop' } }, { strategy: 'popular', limit: 4 });
 * const items = await widget.get();
 * await widget.shown(items[0]);
 * ```
 */
export function recommendations(options: RecommendationsOptions, config: RecommendationsConfig = {}): Recommendations {
  const settings = readSettings(options, config);
  const places = createPlaces();
  const send = createEventSender(settings);
  // Async: a bad item rejects the promise shown() / clicked() return, as every other failure does.
  const emit = async (type: RecommendationEvent, item: ShownItem, explicit?: number) =>
    send(type, eventOf(settings.meta, type, item, placeItem(places.of, item, explicit)));

  const client: Recommendations = {
    async get(overrides = {}) {
      const list = await getList(settings, overrides);
      places.add(list);
      return list;
    },

    shown: (item) => emit('recommendationShown', item),
    clicked: (item, position) => emit('recommendationClicked', item, position),

    observe(element, item, position) {
      if (typeof (element as Element | undefined)?.addEventListener !== 'function' || element.nodeType !== 1)
        invalid('element', element, 'must be an Element');
      // The item and its position are refused now rather than when the item is seen or followed.
      const at = clickPosition(placeItem(places.of, item, position));
      return observeElement(element, {
        item,
        position: at,
        shown: () => client.shown(item),
        clicked: () => client.clicked(item, at),
      });
    },
  };
  return client;
}
