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
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Tracking id of `config` or `options.meta`, validated as a path segment. */
export const trackingIdOf = (options: RecommendationsOptions, config: RecommendationsConfig) =>
  segment('trackingId', config.trackingId ?? options.meta.trackingId);

/** Visitor id of `config`, `options.meta`, else the cookie; refused when not a string. */
export function visitorIdOf(options: RecommendationsOptions, config: RecommendationsConfig): string | undefined {
  const id = config.visitorId ?? options.meta.visitorId ?? readVisitorId();
  if (id !== undefined && (typeof id !== 'string' || !id)) invalid('visitorId', id, 'must be a non-empty string');
  return id;
}

/** Validates `config` (merged over the defaults) and builds the request. Throws `INVALID_ARGUMENT`, sends nothing. */
export function buildRequest(options: RecommendationsOptions, config: RecommendationsConfig): RecsRequest {
  const { strategy = 'popular', limit = 10, seed = 'all', rules, timeout = 0, locale, debug } = config;
  const trackingId = trackingIdOf(options, config);
  const visitorId = visitorIdOf(options, config);

  const strategies = typeof strategy === 'string' ? strategy.split(',').map((s) => s.trim()) : strategy;
  if (!Array.isArray(strategies) || !strategies.length) invalid('strategy', strategy, 'must be a strategy name, a comma-separated list or an array');
  strategies.forEach((name, i) => {
    const kind = typeof name === 'string' && /^\w+$/.test(name) ? kindOf(name) : invalid(`strategy[${i}]`, name, 'must be a strategy name');
    if (kind === 'deprecated') invalid('strategy', name, 'is deprecated: use popular');
  });
  if (strategies.length > ADVISED_FALLBACKS + 1) console.warn(`svc recommendations: ${strategies.length - 1} fallbacks; two to three are advised`);

  if (!Number.isInteger(limit) || limit < 1 || limit > 50) invalid('limit', limit, 'must be an integer 1..50');
  if (typeof timeout !== 'number' || !(timeout >= 0)) invalid('timeout', timeout, 'must be a number of ms >= 0');

  const h = (Array.isArray(seed) ? seed : [seed]).map((s: unknown, i) => {
    if (typeof s === 'string' && s) return s;
    const id = isObject(s) ? (s.type === 'c' ? s.id : s.category) : undefined;
    if (typeof id !== 'string' || !id) invalid(`seed[${i}]`, s, 'must be a product id or a category ({category} or {type: "c", id})');
    if (strategies.some((name) => name !== 'popular')) invalid('seed', s, 'a category seed needs strategy popular');
    return { type: 'c' as const, id };
  });
  if (!h.length) invalid('seed', seed, 'must not be empty');
  const productId = h.find((s): s is string => typeof s === 'string' && s !== 'all');

  for (const name of strategies) {
    const kind = kindOf(name);
    if (!name.startsWith('partner_')) continue;
    if (!visitorId) invalid('visitorId', visitorId, `is required by strategy ${name}`);
    if (kind === 'partner+seed' && !productId) invalid('seed', seed, `must name a product for strategy ${name}`);
  }

  if (rules !== undefined && !Array.isArray(rules)) invalid('rules', rules, 'must be an array of rules');
  rules?.forEach((rule, i) => {
    if (!isObject(rule) || !isObject(rule.condition)) invalid(`rules[${i}].condition`, rule?.condition, 'must be a JsonLogic object');
    if (typeof rule.factor !== 'number' || !(rule.factor >= 0) || rule.factor === Infinity) invalid(`rules[${i}].factor`, rule.factor, 'must be a number >= 0');
    if (rule.name !== undefined && typeof rule.name !== 'string') invalid(`rules[${i}].name`, rule.name, 'must be a string');
  });

  const experienceId = options.meta.experienceId;
  if (experienceId !== undefined && typeof experienceId !== 'string' && !Number.isInteger(experienceId)) {
    invalid('options.meta.experienceId', experienceId, 'must be a string or an integer');
  }
  if (locale !== undefined && (typeof locale !== 'string' || !locale)) invalid('locale', locale, 'must be a language-currency string such as en-GBP');
  if (config.endpoint !== undefined && typeof config.endpoint !== 'string') invalid('endpoint', config.endpoint, 'must be a URL');

  const base = config.endpoint || `${endpointFor('recs')}/vc/recommend/2.1/`;
  return {
    url: `${base.replace(/\/+$/, '')}/${trackingId}`,
    query: {
      strategy: strategies.join(','),
      n: limit,
      locale: locale ?? localeOf(options.tracker),
      contextId: visitorId,
      experienceId,
      seed: strategies.length > 1 ? productId : undefined,
      debug: debug ? 'True' : undefined,
    },
    json: rules?.length ? { h, rules } : { h },
    timeout,
    principal: strategies[0],
  };
}
