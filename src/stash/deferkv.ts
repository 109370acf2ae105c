import { aString, type Fields, invalid, segment } from '@svc/core';
import { type Connection, checkValue } from './connection';

/** A deferkv row: its value and the integration it is delivered to when its timestamp passes. */
export interface DeferredValue {
  value: string;
  route: string;
}

/** `createStash('deferkv', …)`: rows keyed by (key, timestamp) that expire at their timestamp. Always `public`. */
export interface DeferKvStash {
  /**
   * Stores a row that expires at `timestamp` (UNIX seconds) and is then delivered to the
   * integration named `route` (required). The same key and timestamp overwrite.
   */
  set(key: string, value: string, timestamp: number, route: string): Promise<void>;
  /** Removes the row of `key` and `timestamp`; `false` when there was none. */
  remove(key: string, timestamp: number): Promise<boolean>;
  /** The row of `key` and `timestamp`, or `undefined` when there is none (or it expired). */
  get(key: string, timestamp: number): Promise<DeferredValue | undefined>;
}

/** UNIX seconds: a positive integer below 10^11 (a larger one is a time in milliseconds). */
function seconds(timestamp: unknown): number {
  if (typeof timestamp !== 'number' || !Number.isInteger(timestamp) || timestamp <= 0 || timestamp >= 1e11) {
    invalid('timestamp', timestamp, 'must be UNIX seconds (an integer, 0 < t < 1e11)');
  }
  return timestamp;
}

/** A row as the platform answers it: `{value, route}`, its only fields read. */
const ROW: Fields = [
  ['value', aString],
  ['route', aString],
];

export const deferkv = (c: Connection): DeferKvStash => ({
  async set(key, value, timestamp, route) {
    // A valid route is its own percent-encoding.
    await c.send('set', c.fullKey(key), {
      data: checkValue(value),
      timestamp: seconds(timestamp),
      route: segment('route', route),
    });
  },
  async remove(key, timestamp) {
    return !!(await c.send('remove', c.fullKey(key), { timestamp: seconds(timestamp) }));
  },
  async get(key, timestamp) {
    const row = (await c.read(key, c.fullKey(key), ROW, { timestamp: seconds(timestamp) })) as DeferredValue;
    return row && { value: row.value, route: row.route };
  },
});
