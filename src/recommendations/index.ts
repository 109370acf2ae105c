// @svc/recommendations: recommendations(options, config) -> { get, shown, clicked, observe } (PROTOCOL.md "Recommendations").
import { invalid, NoRecommendationsError, ProtocolError } from '../core/errors';
import { request } from '../core/http';
import { pageTracker } from '../core/tracker-slot';
import { postEvent, type RecommendationEvent } from './events';
import { observeElement } from './observe';
import { buildRequest, isId, isObject, trackingIdOf, visitorIdOf } from './request';
import type { Recommendation, RecommendationList, Recommendations, RecommendationsConfig, RecommendationsOptions, ShownItem } from './types';
import { toWeight } from './weight';

export type * from './types';
export { STRATEGIES, CHAINS, type StrategyKind, type StrategyName } from './strategies';
export { VIEWABILITY, IMPRESSION_EVENT, type ImpressionDetail, type ImpressionState } from './observe';
export * from '../core/errors';
export { setEndpoints } from '../core/endpoints';

/**
 * A recommendations client for the experience `options` (`meta.trackingId` at least) and an initial
 * `config`. Throws `INVALID_ARGUMENT` at once when `options` or the tracking id is missing or wrong.
 */
export function recommendations(options: RecommendationsOptions, config: RecommendationsConfig = {}): Recommendations {
  if (!isObject(options?.meta)) invalid('options', options, 'must be {meta: {trackingId}}');
  if (!isObject(config)) invalid('config', config, 'must be an object');
  const { emitMetric, meta } = options;
  if (emitMetric && typeof emitMetric != 'function') invalid('options.emitMetric', emitMetric, 'must be a function');
  const { tracker } = options;
  if (tracker && typeof tracker.emit + typeof tracker.on != 'functionfunction') invalid('options.tracker', tracker, 'must be a tracker');
  const trackingId = trackingIdOf(options, config);
  // Each item of a get() result -> that result (for positions); items whose `shown` went out.
  const results = new WeakMap<object, Recommendation[]>();
  const shown = new WeakSet<object>();

  /** The event data of `item` (validated: `INVALID_ARGUMENT` naming the bad field). */
  function dataOf(item: ShownItem, position?: number): Record<string, unknown> {
    if (!isObject(item)) invalid('item', item, 'must be a recommendation');
    for (const key of ['id', 'strategy'] as const) isId(item[key]) || invalid('item.' + key, item[key], 'must be a non-empty string');
    const data: Record<string, unknown> = { id: item.id, weight: toWeight(item.weight), strategy: item.strategy };
    if (meta.experienceId !== undefined) data.experienceId = '' + meta.experienceId;
    if (position) data.position = position;
    return data;
  }

  /** `position` if given (an integer >= 1), else the item's place in its `get` result. */
  function positionOf(item: ShownItem, position?: number): number {
    if (!isObject(item)) invalid('item', item, 'must be a recommendation');
    if (position !== undefined && !(Number.isInteger(position) && position > 0)) invalid('position', position, 'must be an integer >= 1');
    const at = results.get(item)?.indexOf(item as Recommendation) ?? -1;
    return position ?? (at + 1 || invalid('position', position, 'is required for items not from get()'));
  }

  /**
   * Validates `item` and delivers the event: `emitMetric`, else the tracker (which queues and retries;
   * a click is sent at once, keepalive, as a navigation may follow), else one direct POST (keepalive).
   */
  async function emit(type: RecommendationEvent, item: ShownItem, position?: number): Promise<void> {
    const data = dataOf(item, position);
    const tracker = options.tracker ?? pageTracker();
    if (emitMetric) await emitMetric(type, data);
    else if (tracker) {
      tracker.emit(type, data);
      if (type == 'recommendationClicked') void tracker.flush?.();
    } else await postEvent(trackingId, visitorIdOf(options, config) ?? invalid('visitorId', undefined, 'is required without a tracker'), type, data);
  }

  const client: Recommendations = {
    async get(overrides = {}) {
      if (!isObject(overrides)) invalid('config', overrides, 'must be an object');
      const { url, query, json, timeout, principal } = buildRequest(options, config, overrides);
      const what = `recommendations ${query.strategy} for ${url}`;
      const { result } = await request(url, { query, json, timeout, what });
      const malformed = () => new ProtocolError('PROTOCOL', `${what}: malformed result`);
      if (!isObject(result) || !Array.isArray(result.items)) throw malformed();
      const list: RecommendationList = result.items.map((item: unknown) => {
        const { id, weight, strategy = principal, details = {} } = isObject(item) ? item : {};
        if (typeof id != 'string' || typeof weight != 'number' || typeof strategy != 'string' || !isObject(details)) throw malformed();
        return { id, weight, strategy, details };
      });
      if (!list[0]) throw new NoRecommendationsError('NO_RECOMMENDATIONS', `${what}: no recommendations`);
      for (const item of list) results.set(item, list);
      if (Array.isArray(result.rules)) list.rules = result.rules;
      return list;
    },

    async shown(item) {
      if (shown.has(item)) return;
      // Counted as shown from the start (concurrent calls send once); a failed delivery un-counts it, so a later call retries.
      if (isObject(item)) shown.add(item);
      await emit('recommendationShown', item).catch((error) => {
        shown.delete(item);
        throw error;
      });
    },

    async clicked(item, position) {
      await emit('recommendationClicked', item, positionOf(item, position));
    },

    observe(element, item, position) {
      if (typeof (element as Element | undefined)?.addEventListener != 'function' || element.nodeType != 1) invalid('element', element, 'must be an Element');
      const at = positionOf(item, position);
      dataOf(item); // refused now rather than when the item is seen
      return observeElement(element, { item, position: at, shown: () => client.shown(item), clicked: () => client.clicked(item, at) });
    },
  };
  return client;
}

export default recommendations;
