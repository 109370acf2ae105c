import { invalid } from '@svc/core';
import { type Connection, malformed } from './connection';
import { integer } from './ts';

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
    const [, name, date] = /^(.+):(\d{4}-\d\d-\d\d)$/.exec(key as string) ?? [];
    if (!date) invalid('counterKey', key, 'must be "<key>:<YYYY-MM-DD>"');
    return `${connection.fullKey(name, 'counterKey')}:${date}`;
  };
  const step = (op: string) => async (key: string, dimension: 'date') => {
    if (dimension !== 'date') invalid('dimension', dimension, 'must be "date"');
    const fullKey = connection.fullKey(key);
    // The platform answers `{"<fullKey>:<date>": "<date>"}`; give the caller back their own key.
    const [[returned, date] = [], more] = Object.entries(
      (await connection.send(op, fullKey, { dimension }))?.data ?? {},
    );
    if (more || typeof date !== 'string' || returned !== `${fullKey}:${date}`) malformed();
    return { [`${key}:${date}`]: date };
  };
  return {
    increment: step('incr'),
    decrement: step('decr'),
    get: (async (keys: unknown) => {
      if (!Array.isArray(keys)) return (await connection.read(counterKey(keys), integer)) ?? 0;
      const counts = await connection.batch(keys, counterKey, integer);
      for (const key of keys) counts[key] ??= 0;
      return counts;
    }) as CountStash['get'],
  };
};
