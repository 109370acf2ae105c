import { type Connection, malformed } from './connection';

/** `createStash('ts', …)`: keys holding the server's time. Always `public`. */
export interface TsStash {
  /** Stores the server's time (UNIX seconds) at `key`; resolves that time. */
  set(key: string): Promise<number>;
  /** The time (UNIX seconds) stored at `key`, or `undefined` when there is none. */
  get(key: string): Promise<number | undefined>;
}

/** A `"<unix seconds>"` or `"<integer>"` the platform sends as a string. */
export const integer = (data: unknown): number =>
  typeof data === 'string' && /^-?\d{1,15}$/.test(data) ? +data : malformed();

export const ts = (c: Connection): TsStash => ({
  async set(key) {
    return integer((await c.send('set', c.fullKey(key)))?.data);
  },
  async get(key) {
    return c.read(c.fullKey(key), integer);
  },
});
