import { invalid } from '../core/errors';
import { checkValue, malformed, type Connection } from './connection';

/** `createStash('kv', …)`: plain key-value storage. */
export interface KvStash {
  /** Stores `value` (a string of at most 65,536 UTF-8 bytes) at `key`, overwriting. `public` level only. */
  set(key: string, value: string): Promise<void>;
  /** The value at `key`, or `undefined` when there is none. */
  get(key: string): Promise<string | undefined>;
  /** The values of `keys`, by the caller's key; keys without a value are absent. */
  get(keys: readonly string[]): Promise<Record<string, string>>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : malformed('kv value'));

export const kv = (c: Connection): KvStash => ({
  async set(key, value) {
    if (c.level !== 'public') invalid('options.level', c.level, 'is read-only from clients: write protected values from a server with a credential');
    await c.send('set', c.full(key), { json: { data: checkValue(value) }, mode: 'overwrite' });
  },
  get: (async (keys: unknown) => {
    if (Array.isArray(keys)) {
      const values = await c.batch(keys, c.full);
      for (const key in values) text(values[key]);
      return values;
    }
    const body = await c.send('get', c.full(keys));
    return body && text(body.data);
  }) as KvStash['get'],
});
