/**
 * The `cache` member a handler is called with: a small key-value store kept per integration
 * between runs (in the mock platform per integration, in the local runner per run directory).
 * One implementation serves both. Values are JSON-cloned on the way in and out, so a handler
 * never shares objects with the store; entries may expire after `ttlSeconds`.
 */
export interface IntegrationCache {
  /** The value stored under `key`, or `undefined` when absent or expired. */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** Stores a JSON value under `key`, optionally for `ttlSeconds`. */
  set(key: string, value: unknown, ttlSeconds?: number): Promise<void>;
  /** Removes `key`; resolves whether it existed. */
  delete(key: string): Promise<boolean>;
}

interface Entry {
  json: string;
  expiresAt?: number;
}

/** A cache; `now` is the clock expiry is judged by (the mock passes its platform clock). */
export function createCache(now: () => number = Date.now): IntegrationCache & {
  /** Snapshot of the live entries (for inspection in tests and the demo). */
  entries(): Record<string, unknown>;
} {
  const store = new Map<string, Entry>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= now()) {
      store.delete(key);
      return undefined;
    }
    return entry;
  };
  const checkKey = (key: unknown) => {
    if (typeof key !== 'string' || !key)
      throw new TypeError(`cache: key must be a non-empty string (got ${String(key)})`);
  };
  return {
    async get<T>(key: string) {
      checkKey(key);
      const entry = live(key);
      return entry ? (JSON.parse(entry.json) as T) : undefined;
    },
    async set(key, value, ttlSeconds) {
      checkKey(key);
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError(`cache: value for "${key}" is not JSON-serialisable`);
      if (ttlSeconds !== undefined && !(ttlSeconds > 0))
        throw new TypeError(`cache: ttlSeconds must be > 0 (got ${ttlSeconds})`);
      store.set(key, { json, expiresAt: ttlSeconds === undefined ? undefined : now() + ttlSeconds * 1000 });
    },
    async delete(key) {
      checkKey(key);
      const existed = live(key) !== undefined;
      store.delete(key);
      return existed;
    },
    /** Snapshot of the live entries (for inspection in tests and the demo). */
    entries() {
      const out: Record<string, unknown> = Object.create(null);
      for (const key of [...store.keys()]) {
        const entry = live(key);
        if (entry) out[key] = JSON.parse(entry.json);
      }
      return out;
    },
  };
}
