import { anIntegerText, type Connection } from './connection';

/** `createStash('ts', …)`: keys holding the server's time. Always `public`. */
export interface TsStash {
  /** Stores the server's time (UNIX seconds) at `key`; resolves that time. */
  set(key: string): Promise<number>;
  /** The time (UNIX seconds) stored at `key`, or `undefined` when there is none. */
  get(key: string): Promise<number | undefined>;
}

/** The number of an integer the platform sent as a string, `undefined` kept. */
export const integer = (text: unknown) => (text === undefined ? undefined : Number(text));

export const ts = (c: Connection): TsStash => ({
  async set(key) {
    // The platform answers every set with the time it stored: an answer without one is refused.
    const body = (await c.send('set', c.fullKey(key))) ?? {};
    return Number(c.dataOf('set', key, body, anIntegerText));
  },
  async get(key) {
    return integer(await c.read(key, c.fullKey(key), anIntegerText));
  },
});
