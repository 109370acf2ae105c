// @svc/recommendations: recommendations(options, config) -> { get, shown, clicked } (PROTOCOL.md "Recommendations").
import { invalid, NoRecommendationsError, pageTracker, ProtocolError, request } from '@svc/core';
import { postEvent, type RecommendationEvent } from './events';
import { buildRequest, isId, isObject, trackingIdOf, visitorIdOf } from './request';
import type { Recommendation, RecommendationList, Recommendations, RecommendationsConfig, RecommendationsOptions, ShownItem } from './types';
import { toWeight } from './weight';

export type * from './types';
export { STRATEGIES, CHAINS, type StrategyKind, type StrategyName } from './strategies';
// The errors every client rejects with: one class hierarchy, from @svc/core.
export {
  BadRequestError,
  InvalidArgumentError,
  isRetryable,
  NetworkError,
  NoRecommendationsError,
  NotFoundError,
  ProtocolError,
  RateLimitedError,
  ServerError,
  SvcError,
  TimeoutError,
  type ErrorCode,
  type SvcErrorOptions,
} from '@svc/core';
export { setEndpoints } from '@svc/core';

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
  const isTracker = typeof tracker?.emit === 'function' && typeof tracker?.on === 'function';
  if (tracker && !isTracker) invalid('options.tracker', tracker, 'must be a tracker');
  const trackingId = trackingIdOf(options, config);
  // Each item of a get() result -> that result (for positions); items whose `shown` went out.
  const results = new WeakMap<object, Recommendation[]>();
  const shown = new WeakSet<object>();

  /** Validates `item` and delivers the event: `emitMetric`, else the tracker (which queues and retries), else one direct POST. */
  async function emit(type: RecommendationEvent, item: ShownItem, position?: number): Promise<void> {
    if (!isObject(item)) invalid('item', item, 'must be a recommendation');
    for (const key of ['id', 'strategy'] as const) {
      if (!isId(item[key])) invalid(`item.${key}`, item[key], 'must be a non-empty string');
    }
    const data: Record<string, unknown> = { id: item.id, weight: toWeight(item.weight), strategy: item.strategy };
    if (meta.experienceId !== undefined) data.experienceId = '' + meta.experienceId;
    if (position) data.position = position;
    const tracker = options.tracker ?? pageTracker();
    if (emitMetric) await emitMetric(type, data);
    else if (tracker) tracker.emit(type, data);
    else await postEvent(trackingId, visitorIdOf(options, config) ?? invalid('visitorId', undefined, 'is required without a tracker'), type, data);
  }

  return {
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
      if (!isObject(item)) invalid('item', item, 'must be a recommendation');
      if (position !== undefined && !(Number.isInteger(position) && position > 0)) invalid('position', position, 'must be an integer >= 1');
      const at = results.get(item)?.indexOf(item as Recommendation) ?? -1;
      await emit('recommendationClicked', item, position ?? (at + 1 || invalid('position', position, 'is required for items not from get()')));
    },
  };
}

export default recommendations;
