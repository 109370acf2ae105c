import { aString } from '@svc/core';
import { type Connection, checkValue } from './connection';

/** `createStash('kv', …)`: plain key-value storage. */
export interface KvStash {
  /** Stores `value` (a string of at most 65,536 UTF-8 bytes) at `key`, overwriting. `public` level only. */
  set(key: string, value: string): Promise<void>;
  /** The value at `key`, or `undefined` when there is none. */
  get(key: string): Promise<string | undefined>;
  /** The values of `keys`, by the caller's key; keys without a value are absent. */
  get(keys: readonly string[]): Promise<Record<string, string>>;
}

export const kv = (c: Connection): KvStash => ({
  async set(key, value) {
    await c.send('set', c.fullKey(key), { data: checkValue(value) });
  },
  get: (async (keys: unknown) =>
    Array.isArray(keys) ? c.batch(keys, c.fullKey, aString) : c.read(keys, c.fullKey(keys), aString)) as KvStash['get'],
});
