import { endpointFor } from '../core/endpoints';
import { invalid } from '../core/errors';
import type { Query } from '../core/http';
import { segment } from '../core/path';
import { readVisitorId } from '../core/visitor-id';
import { ADVISED_FALLBACKS, kindOf } from './strategies';
import type { RecommendationsConfig, RecommendationsOptions } from './types';
import { localeOf } from './locale';

/** A validated recommendations request, as PROTOCOL.md puts it on the wire. */
export interface RecsRequest {
  url: string;
  query: Query;
  json: { h: (string | { type: 'c'; id: string })[]; rules?: unknown[] };
  timeout: number;
  /** The principal strategy: an item's strategy when the response names none. */
  principal: string;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value == 'object' && !!value && !Array.isArray(value);

/** Tracking id of `config` or `options.meta`, validated as a path segment. */
export const trackingIdOf = (options: RecommendationsOptions, config: RecommendationsConfig) =>
  segment('trackingId', config.trackingId ?? options.meta.trackingId);

/** Visitor id of `config`, `options.meta`, else the cookie; refused when not a string. */
export function visitorIdOf(options: RecommendationsOptions, config: RecommendationsConfig): string | undefined {
  const id = config.visitorId ?? options.meta.visitorId ?? readVisitorId();
  return id === undefined || (typeof id == 'string' && id) ? id : invalid('visitorId', id, 'must be a non-empty string');
}

/** Validates `config` (merged over the defaults) and builds the request. Throws `INVALID_ARGUMENT`, sends nothing. */
export function buildRequest(options: RecommendationsOptions, config: RecommendationsConfig): RecsRequest {
  const { strategy = 'popular', limit = 10, seed = 'all', rules = [], timeout = 0, locale, debug, endpoint } = config;
  const trackingId = trackingIdOf(options, config);
  const visitorId = visitorIdOf(options, config);

  const strategies = typeof strategy == 'string' ? strategy.split(',').map((s) => s.trim()) : strategy;
  if (!Array.isArray(strategies) || !strategies.length) invalid('strategy', strategy, 'must be a name, a comma-separated list or an array');
  if (strategies.length > ADVISED_FALLBACKS + 1) console.warn(`svc recommendations: ${strategies.length - 1} fallbacks, 2-3 advised`);

  const h = (Array.isArray(seed) ? seed : [seed]).map((s: unknown, i) => {
    if (typeof s == 'string' && s) return s;
    const id = isObject(s) ? (s.type == 'c' ? s.id : s.category) : 0;
    return typeof id == 'string' && id ? { type: 'c' as const, id } : invalid(`seed[${i}]`, s, 'must be a product id, {category} or {type: "c", id}');
  });
  if (!h.length) invalid('seed', seed, 'must not be empty');
  const productId = h.find((s): s is string => typeof s == 'string' && s != 'all');

  strategies.forEach((name, i) => {
    const kind = typeof name == 'string' && /^\w+$/.test(name) ? kindOf(name) : invalid(`strategy[${i}]`, name, 'must be a strategy name');
    if (kind == 'deprecated') invalid('strategy', name, 'is deprecated: use popular');
    if (name != 'popular' && h.some(isObject)) invalid('seed', seed, 'with a category needs strategy popular');
    if (name.startsWith('partner_') && !visitorId) invalid('visitorId', visitorId, `is required by ${name}`);
    if (kind == 'partner+seed' && !productId) invalid('seed', seed, `must name a product for ${name}`);
  });

  if (!Number.isInteger(limit) || limit < 1 || limit > 50) invalid('limit', limit, 'must be an integer 1..50');
  if (!(typeof timeout == 'number' && timeout >= 0 && timeout < 2 ** 31)) invalid('timeout', timeout, 'must be ms, 0..2^31-1');
  if (!Array.isArray(rules)) invalid('rules', rules, 'must be an array');
  rules.forEach((rule, i) => {
    if (!isObject(rule) || !isObject(rule.condition) || Object.keys(rule.condition).length != 1) {
      invalid(`rules[${i}].condition`, rule?.condition, 'must be a JsonLogic object with one operator');
    }
    if (!(typeof rule.factor == 'number' && rule.factor >= 0 && rule.factor < 1 / 0)) invalid(`rules[${i}].factor`, rule.factor, 'must be a number >= 0');
    if ((rule.name ?? '') !== String(rule.name ?? '')) invalid(`rules[${i}].name`, rule.name, 'must be a string');
  });
  const { experienceId } = options.meta;
  if ((experienceId ?? '') !== String(experienceId ?? '') && !Number.isInteger(experienceId)) {
    invalid('options.meta.experienceId', experienceId, 'must be a string or an integer');
  }
  if (locale !== undefined && (typeof locale != 'string' || !locale)) invalid('locale', locale, 'must be like en-GBP');
  if ((endpoint ?? '') !== String(endpoint ?? '')) invalid('endpoint', endpoint, 'must be a URL');

  return {
    url: `${(endpoint || endpointFor('recs') + '/vc/recommend/2.1/').replace(/\/+$/, '')}/${trackingId}`,
    query: {
      strategy: strategies.join(),
      n: limit,
      locale: locale ?? localeOf(options.tracker),
      contextId: visitorId,
      experienceId,
      seed: strategies[1] && productId,
      debug: debug ? 'True' : undefined,
    },
    json: rules.length ? { h, rules } : { h },
    timeout,
    principal: strategies[0],
  };
}
