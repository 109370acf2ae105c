import type { Connection, Query } from '@svc/core';
import {
  checkFields,
  connectionUrl,
  type FieldCheck,
  InvalidArgumentError,
  invalid,
  isObject,
  normalizeLocale,
  optional,
  pageTracker,
  readConnection,
  readVisitorId,
  refuseUnknownKeys,
  segment,
  type TimeoutRule,
} from '@svc/core';
import { localeOf } from './locale';
import { ADVISED_FALLBACKS, DEPRECATED, NEEDS_SEED } from './strategies';
import type { ExperienceMeta, RecommendationsConfig, RecommendationsOptions } from './types';

/** A validated recommendations request, as PROTOCOL.md puts it on the wire. */
export interface RecsRequest {
  url: string;
  query: Query;
  json: { h: (string | { type: 'c'; id: string })[]; rules?: unknown[] };
  timeout: number;
  /** The most items a get() resolves (the `n` sent): a longer answer is cut to it. */
  limit: number;
  /** The principal strategy: an item's strategy when the response names none. */
  principal: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** A non-empty string. */
export const isNonEmptyString = (value: unknown): value is string => isString(value) && !!value;

/** The seed's defaults (RecommendationsConfig documents each). */
const DEFAULTS = {
  strategy: 'popular',
  limit: 10,
  seed: 'all',
  rules: [],
  timeout: 0,
} as const satisfies RecommendationsConfig;

/** No timeout by default, as the previous client had none (docs/migrating.md): a widget sets its own. */
const TIMEOUT: TimeoutRule = { default: DEFAULTS.timeout, least: 0 };

/** How errors name the connection options: by their config keys. */
const NAMES = { trackingId: 'trackingId', endpoint: 'endpoint', timeout: 'timeout' };

/** The config keys core's `readConnection` reads. */
const CONNECTION = ['trackingId', 'endpoint', 'timeout'] as const;

/** The most items one request may ask for (PROTOCOL.md: `n` is 1..50). */
const MAX_LIMIT = 50;

/** Config keys checked as given (after the defaults). */
const CONFIG: FieldCheck[] = [
  ['strategy', (s) => isString(s) || (Array.isArray(s) && s.length), 'must be a name or a list'],
  ['seed', (s) => !Array.isArray(s) || s.length, 'must be a non-empty list'],
  [
    'limit',
    (n) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT,
    `must be an integer 1..${MAX_LIMIT}`,
  ],
  ['rules', Array.isArray, 'must be an array'],
  ['locale', optional(normalizeLocale), 'must be a language tag and a currency, like de-EUR or de-DE-EUR'],
  ['defaultLocale', optional(normalizeLocale), 'must be a language tag and a currency, like de-EUR or de-DE-EUR'],
  ['debug', optional((d) => typeof d === 'boolean'), 'must be a boolean'],
];

/** Every key of a config (of `recommendations` or of `get`); anything else is refused. */
const CONFIG_KEYS = [
  'strategy',
  'limit',
  'seed',
  'rules',
  'timeout',
  'trackingId',
  'visitorId',
  'endpoint',
  'locale',
  'defaultLocale',
  'debug',
];

/** The previous client's config names that we name differently (docs/migrating.md). */
const PREVIOUS_CONFIG: Record<string, string> = {
  url: 'endpoint',
  defaultLanguage: 'defaultLocale',
  defaultCurrency: 'defaultLocale',
};

/** Refuses a config (of `recommendations` or of `get`) that is no object, or has a key that is none of ours. */
function checkConfig(config: RecommendationsConfig): void {
  if (!isObject(config)) invalid('config', config, 'must be an object');
  refuseUnknownKeys('config', config, CONFIG_KEYS, PREVIOUS_CONFIG);
}

/** Each rule's fields. */
const RULE: FieldCheck[] = [
  ['condition', (c) => isObject(c) && Object.keys(c).length === 1, 'must be JsonLogic with one operator'],
  ['factor', (f) => typeof f === 'number' && Number.isFinite(f) && f >= 0, 'must be a number >= 0'],
  ['name', optional(isString), 'must be a string'],
];

/** Keys given as `undefined` do not override. */
const given = (config: object) => Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));

/**
 * A client's options, read once when it is created: the experience's `meta`, `emitMetric` and
 * `tracker` of the options, the config over the defaults, and its connection (the tracking id of
 * `config`, else of `meta`; the endpoint; the timeout).
 */
export interface Settings {
  meta: ExperienceMeta;
  emitMetric: RecommendationsOptions['emitMetric'];
  tracker: RecommendationsOptions['tracker'];
  config: RecommendationsConfig;
  /** The tracking id of `config`, else of `meta`, checked as a path segment. */
  trackingId: string;
  /**
   * The connection, or the refusal of the config's endpoint or timeout: each get() rejects with it,
   * as with any other fault of the config, unless it overrides them.
   */
  connection: Connection | InvalidArgumentError;
}

/** Refuses bad `recommendations()` arguments (`INVALID_ARGUMENT` naming the first), before anything is sent. */
function checkArguments(options: RecommendationsOptions, config: RecommendationsConfig): void {
  if (!isObject(options?.meta)) invalid('options', options, 'must be {meta: {trackingId}}');
  if (!isObject(config)) invalid('config', config, 'must be an object');
  refuseUnknownKeys('options', options, ['meta', 'emitMetric', 'tracker'], { uv: 'tracker' });
  refuseUnknownKeys('options.meta', options.meta, [
    'trackingId',
    'visitorId',
    'experienceId',
    'iterationId',
    'variationId',
  ]);
  checkConfig(config);
  const { emitMetric, tracker } = options;
  if (emitMetric && typeof emitMetric !== 'function') invalid('options.emitMetric', emitMetric, 'must be a function');
  const isTracker = typeof tracker?.emit === 'function' && typeof tracker?.on === 'function';
  if (tracker && !isTracker) invalid('options.tracker', tracker, 'must be a tracker');
}

/** The connection of `config` (its tracking id, else `meta`'s), checked by core's `readConnection`. */
const connectionOf = (meta: ExperienceMeta, config: RecommendationsConfig) =>
  readConnection({ ...config, trackingId: config.trackingId ?? meta.trackingId }, TIMEOUT, NAMES);

/**
 * Reads a client's options once, when it is created: the arguments checked (`INVALID_ARGUMENT` at
 * once for a bad option, an unknown key or a bad tracking id), the config over the defaults.
 */
export function readSettings(options: RecommendationsOptions, config: RecommendationsConfig): Settings {
  checkArguments(options, config);
  const { meta, emitMetric, tracker } = options;
  const merged: RecommendationsConfig = { ...DEFAULTS, ...given(config) };
  // A bad tracking id is refused at once; a bad endpoint or timeout rejects get(), as the rest of a config does.
  const trackingId = segment('trackingId', merged.trackingId ?? meta.trackingId);
  let connection: Settings['connection'];
  try {
    connection = connectionOf(meta, merged);
  } catch (error) {
    if (!(error instanceof InvalidArgumentError)) throw error;
    connection = error;
  }
  return { meta, emitMetric, tracker, config: merged, trackingId, connection };
}

/** The longest visitor id sent (the platform's contextIds are 1-256 characters). */
const MAX_VISITOR_ID = 256;

/** Visitor id of `config`, `meta`, else the cookie; refused when given but not a non-empty string. */
export function visitorIdOf(meta: ExperienceMeta, config: RecommendationsConfig): string | undefined {
  const id = config.visitorId ?? meta.visitorId ?? readVisitorId();
  // At most 256 characters, as the platform's contextIds: it goes into the query string.
  const isVisitorId = isNonEmptyString(id) && (id as string).length <= MAX_VISITOR_ID;
  return id === undefined || isVisitorId
    ? id
    : invalid('visitorId', id, `must be a non-empty string of at most ${MAX_VISITOR_ID} characters`);
}

/** One seed entry: a product id as is, `{category}` (or the wire's `{type: 'c', id}`) as `{type: 'c', id}`. */
function seedEntry(seed: unknown, index: number): string | { type: 'c'; id: string } {
  if (isNonEmptyString(seed)) return seed;
  let category: unknown;
  if (isObject(seed)) category = seed.type === 'c' ? seed.id : seed.category;
  if (isNonEmptyString(category)) return { type: 'c', id: category };
  return invalid(`seed[${index}]`, seed, 'must be an id or {category}');
}

/**
 * Validates a get()'s `overrides` over the client's config (over the defaults) and builds the request.
 * Throws `INVALID_ARGUMENT`, sends nothing.
 */
export function buildRequest(settings: Settings, overrides: RecommendationsConfig): RecsRequest {
  checkConfig(overrides);
  const { meta, tracker } = settings;
  const config = { ...settings.config, ...given(overrides) } as Required<RecommendationsConfig>;
  const { strategy, seed, rules, locale } = config;
  const { experienceId } = meta;
  // The connection read at creation, unless this get overrides part of it.
  const overridden = CONNECTION.some((key) => overrides[key] !== undefined);
  const connection = overridden ? connectionOf(meta, config) : settings.connection;
  if (connection instanceof InvalidArgumentError) throw connection;
  const visitorId = visitorIdOf(meta, config);
  checkFields(config, '', CONFIG);
  if (!optional(isNonEmptyString)(experienceId) && !Number.isInteger(experienceId)) {
    invalid('options.meta.experienceId', experienceId, 'must be a non-empty string or an integer');
  }
  for (const [i, rule] of rules.entries()) {
    checkFields(rule, `rules[${i}].`, RULE);
    refuseUnknownKeys(`rules[${i}]`, rule, ['name', 'condition', 'factor']);
  }

  // The wire's `h` (history): product ids as given, categories as {type: 'c', id}.
  const history = [seed].flat().map((s: unknown, i) => seedEntry(s, i));
  const productId = history.find((s) => isNonEmptyString(s) && s !== 'all') as string | undefined;

  const strategies = typeof strategy === 'string' ? strategy.split(',').map((s) => s.trim()) : strategy;
  if (strategies.length > ADVISED_FALLBACKS + 1) console.warn(`svc: ${strategies.length - 1} fallbacks, 2-3 advised`);
  for (const [i, name] of strategies.entries()) {
    if (!isString(name) || !/^\w+$/.test(name)) invalid(`strategy[${i}]`, name, 'must be a strategy name');
    if (DEPRECATED.test(name)) invalid('strategy', name, 'is deprecated: use popular');
    if (name !== 'popular' && history.some(isObject)) invalid('seed', seed, 'with a category needs popular');
    if (name.startsWith('partner_') && !visitorId) invalid('visitorId', visitorId, 'is required by ' + name);
    if (NEEDS_SEED.test(name) && !productId) invalid('seed', seed, 'must name a product for ' + name);
  }

  // An explicit endpoint is the full path; a QA tab's mock answers over it, as it does for every client.
  const base = connectionUrl('recs', connection, '/vc/recommend/2.1', 'route');
  return {
    url: `${base}/${connection.trackingId}`,
    query: {
      strategy: strategies.join(),
      n: config.limit,
      // Precedence: config locale (get's, else the initial one), the page's last ecView, config defaultLocale, none
      // (the catalog's default).
      locale: normalizeLocale(locale) ?? localeOf(tracker) ?? normalizeLocale(config.defaultLocale),
      // Not where the visitor's consent allows no personalisation (the tracker's consent signal).
      contextId: (tracker ?? pageTracker())?.mayPersonalize === false ? undefined : visitorId,
      experienceId,
      // A seed goes with a list of strategies only (PROTOCOL.md: the principal, then fallbacks).
      seed: strategies.length > 1 ? productId : undefined,
      debug: config.debug ? 'True' : undefined,
    },
    json: rules[0] ? { h: history, rules } : { h: history },
    timeout: connection.timeout,
    limit: config.limit,
    principal: strategies[0],
  };
}
