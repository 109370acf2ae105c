import { type Check, invalid, isObject } from '@svc/core';
import { anIntegerText, type Connection } from './connection';
import { integer } from './ts';

/** What `incr` and `decr` answer for `fullKey`: `{"<fullKey>:<date>": "<date>"}`, one entry. */
const counterOf = (fullKey: string): Check => ({
  accepts: (data) => {
    const entries = isObject(data) ? Object.entries(data) : [];
    return entries.length === 1 && typeof entries[0][1] === 'string' && entries[0][0] === `${fullKey}:${entries[0][1]}`;
  },
  expectation: `must be {"${fullKey}:<date>": "<date>"}`,
});

/** `createStash('count', …)`: counters per UTC day. Always `public`. */
export interface CountStash {
  /**
   * Adds 1 to today's (UTC) counter of `key`; `dimension` must be `date`. Resolves
   * `{"<key>:<YYYY-MM-DD>": "<YYYY-MM-DD>"}`. Never retried automatically (it would double count).
   */
  increment(key: string, dimension: 'date'): Promise<Record<string, string>>;
  /** Subtracts 1, as `increment`. */
  decrement(key: string, dimension: 'date'): Promise<Record<string, string>>;
  /** The count at a counter key `<key>:<YYYY-MM-DD>`; 0 when there is none. */
  get(counterKey: string): Promise<number>;
  /** The counts of counter keys, by the caller's counter key; 0 for those without a count. */
  get(counterKeys: readonly string[]): Promise<Record<string, number>>;
}

export const count = (connection: Connection): CountStash => {
  const counterKey = (key: unknown) => {
    // Only a string is matched: anything else (an object without a prototype) converts by throwing.
    const [, name, date] = (typeof key === 'string' && /^(.+):(\d{4}-\d\d-\d\d)$/.exec(key)) || [];
    if (!date) invalid('counterKey', key, 'must be "<key>:<YYYY-MM-DD>"');
    return `${connection.fullKey(name, 'counterKey')}:${date}`;
  };
  const step = (op: string) => async (key: string, dimension: 'date') => {
    if (dimension !== 'date') invalid('dimension', dimension, 'must be "date"');
    const fullKey = connection.fullKey(key);
    // The platform answers `{"<fullKey>:<date>": "<date>"}`; give the caller back their own key.
    const body = (await connection.send(op, fullKey, { dimension })) ?? {};
    const [date] = Object.values(connection.dataOf(op, key, body, counterOf(fullKey)) as Record<string, string>);
    return { [`${key}:${date}`]: date };
  };
  return {
    increment: step('incr'),
    decrement: step('decr'),
    get: (async (keys: unknown) => {
      if (!Array.isArray(keys)) return integer(await connection.read(keys, counterKey(keys), anIntegerText)) ?? 0;
      const counts: Record<string, number> = Object.create(null);
      const found = await connection.batch(keys, counterKey, anIntegerText);
      for (const key of keys) counts[key] = integer(found[key]) ?? 0;
      return counts;
    }) as CountStash['get'],
  };
};
