import { isObject } from '@svc/core';
import { fail, type Key } from './state';
import { type IntegrationInfo, type IntegrationSettings, PERIODS, type RateLimit, type Trigger } from './types';

/** Settings defaults and bounds (ms). */
export const INTEGRATION_TIMEOUT = { default: 10_000, max: 60_000 } as const;

/** A trigger in words, for messages: `HTTP`, `event cart`, `every hour`. */
export function describeTrigger(trigger: Trigger): string {
  if (trigger === 'HTTP') return 'HTTP';
  if ('event' in trigger) return `event ${trigger.event}`;
  return `every ${trigger.every}`;
}

/** The same key whatever the order of its names. */
export const keyId = (key: Key) =>
  JSON.stringify(
    Object.keys(key)
      .sort()
      .map((name) => [name, key[name]]),
  );

/** A definition's trigger, checked; a TypeError when malformed. */
export function checkTrigger(trigger: unknown): Trigger {
  if (trigger === 'HTTP') return trigger;
  if (isObject(trigger) && typeof trigger.event === 'string' && trigger.event) return { event: trigger.event };
  if (isObject(trigger) && Object.hasOwn(PERIODS, trigger.every as string))
    return { every: trigger.every as keyof typeof PERIODS };
  return fail(
    `trigger must be 'HTTP', {event: '<tracking event type>'} or {every: 'minute' | 'hour' | 'day' | 'week'} (got ${JSON.stringify(trigger)})`,
  );
}

/** A definition's settings with their defaults, checked; a TypeError when malformed. */
export function checkSettings(settings: IntegrationSettings = {}): IntegrationInfo['settings'] {
  const { timeout = INTEGRATION_TIMEOUT.default, rateLimits = [] } = settings;
  if (!(Number.isInteger(timeout) && timeout > 0 && timeout <= INTEGRATION_TIMEOUT.max))
    fail(`settings.timeout must be 1..${INTEGRATION_TIMEOUT.max} ms (got ${timeout})`);
  if (!Array.isArray(rateLimits)) fail('settings.rateLimits must be an array');
  return {
    timeout,
    rateLimits: rateLimits.map((limit: RateLimit, i) => checkRateLimit(limit, `settings.rateLimits[${i}]`)),
  };
}

function checkRateLimit(l: RateLimit, at: string): RateLimit {
  if (!(Number.isInteger(l?.limit) && l.limit >= 1)) fail(`${at}.limit must be a whole number >= 1 (got ${l?.limit})`);
  const interval = l.interval;
  const intervalOk =
    typeof interval === 'number' ? Number.isInteger(interval) && interval > 0 : Object.hasOwn(PERIODS, interval);
  if (!intervalOk) fail(`${at}.interval must be 'minute', 'hour', 'day', 'week' or milliseconds > 0 (got ${interval})`);
  const target = l.target ?? 'integration';
  if (
    target !== 'integration' &&
    !(Array.isArray(target) && target.length && target.every((n) => typeof n === 'string' && n))
  ) {
    fail(`${at}.target must be 'integration' or a non-empty list of key names (got ${JSON.stringify(target)})`);
  }
  return { limit: l.limit, interval, target: Array.isArray(target) ? [...target] : target };
}

/** The `key` of a request body, or the message of a 400. */
export function readKey(raw: unknown, required: boolean): Key | string {
  if (raw === undefined && !required) return Object.create(null);
  if (!isObject(raw)) return 'key must be an object of string or number values';
  const key: Key = Object.create(null);
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)))
      return `key.${name} must be a string or a number`;
    key[name] = value;
  }
  if (required && !Object.keys(key).length) return 'key must name at least one value';
  return key;
}
