// @svc/recommendations: recommendations(options, config) -> { get, shown, clicked } (PROTOCOL.md "Recommendations").
import { invalid, NoRecommendationsError, ProtocolError } from '../core/errors';
import { request } from '../core/http';
import { pageTracker } from '../core/tracker-slot';
import { postEvent, type RecommendationEvent } from './events';
import { buildRequest, isObject, trackingIdOf, visitorIdOf } from './request';
import type { Recommendation, RecommendationList, Recommendations, RecommendationsConfig, RecommendationsOptions, ShownItem } from './types';
import { toWeight } from './weight';

export type * from './types';
export { STRATEGIES, CHAINS, type StrategyKind, type StrategyName } from './strategies';
export * from '../core/errors';
export { setEndpoints } from '../core/endpoints';

/**
 * A recommendations client for the experience `options` (`meta.trackingId` at least) and an initial
 * `config`. Throws `INVALID_ARGUMENT` at once when `options` or the tracking id is missing or wrong.
 */
export function recommendations(options: RecommendationsOptions, config: RecommendationsConfig = {}): Recommendations {
  if (!isObject(options) || !isObject(options.meta)) invalid('options', options, 'must be the experience options object ({meta: {trackingId}})');
  if (!isObject(config)) invalid('config', config, 'must be an object');
  const { emitMetric } = options;
  if (emitMetric !== undefined && typeof emitMetric !== 'function') invalid('options.emitMetric', emitMetric, 'must be a function');
  const trackingId = trackingIdOf(options, config);
  // Each item of a get() result -> that result (for positions); items whose `shown` was emitted.
  const results = new WeakMap<object, Recommendation[]>();
  const shown = new WeakSet<object>();

  /** The event's data (PROTOCOL.md's event table), validated: throws `INVALID_ARGUMENT`. */
  function dataOf(item: ShownItem): Record<string, unknown> {
    if (!isObject(item)) invalid('item', item, 'must be a recommendation');
    if (typeof item.id !== 'string' || !item.id) invalid('item.id', item.id, 'must be a non-empty string');
    if (typeof item.strategy !== 'string' || !item.strategy) invalid('item.strategy', item.strategy, 'must be a non-empty string');
    const data: Record<string, unknown> = { id: item.id, weight: toWeight(item.weight), strategy: item.strategy };
    const { experienceId } = options.meta;
    if (experienceId !== undefined) data.experienceId = String(experienceId);
    return data;
  }

  /** Delivery: `emitMetric`, else the tracker (which queues and retries), else one direct POST. */
  async function emit(type: RecommendationEvent, data: Record<string, unknown>): Promise<void> {
    const tracker = options.tracker ?? pageTracker();
    if (emitMetric) await emitMetric(type, data);
    else if (tracker) tracker.emit(type, data);
    else await postEvent(trackingId, visitorIdOf(options, config) ?? invalid('visitorId', undefined, 'is required to send events without a tracker'), type, data);
  }

  return {
    async get(overrides = {}) {
      if (!isObject(overrides)) invalid('config', overrides, 'must be an object');
      const { url, query, json, timeout, principal } = buildRequest(options, { ...config, ...overrides });
      const what = `recommendations ${query.strategy} for ${url}`;
      const { result } = await request(url, { method: 'POST', query, json, timeout, what });
      if (!isObject(result) || !Array.isArray(result.items)) throw new ProtocolError('PROTOCOL', `${what}: response has no result.items`);
      const list: RecommendationList = result.items.map((item: unknown) => {
        if (!isObject(item) || typeof item.id !== 'string' || typeof item.weight !== 'number' || (item.strategy ?? '') !== String(item.strategy ?? '') || (item.details !== undefined && !isObject(item.details))) {
          throw new ProtocolError('PROTOCOL', `${what}: malformed item`);
        }
        return { id: item.id, weight: item.weight, strategy: (item.strategy as string) || principal, details: (item.details as Record<string, unknown>) ?? {} };
      });
      if (!list.length) throw new NoRecommendationsError('NO_RECOMMENDATIONS', `${what}: no recommendations`);
      for (const item of list) results.set(item, list);
      if (Array.isArray(result.rules)) list.rules = result.rules;
      return list;
    },

    async shown(item) {
      const data = dataOf(item);
      if (shown.has(item)) return;
      shown.add(item);
      // A failed delivery does not count as shown: calling again retries it.
      await emit('recommendationShown', data).catch((error) => {
        shown.delete(item);
        throw error;
      });
    },

    async clicked(item, position) {
      const data = dataOf(item);
      const at = (results.get(item)?.indexOf(item as Recommendation) ?? -1) + 1;
      if (position !== undefined && !(Number.isInteger(position) && position >= 1)) invalid('position', position, 'must be an integer >= 1');
      data.position = position ?? (at || invalid('position', position, 'is required for an item not from a get() result'));
      await emit('recommendationClicked', data);
    },
  };
}

export default recommendations;
