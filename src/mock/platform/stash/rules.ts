import { fullKeyProblem } from '@svc/core/internal';

/** The stash's limits (PROTOCOL.md, Stash). */
export const STASH_LIMITS = {
  /** Parts of a full key: `[namespace:][visitorId:]key`. */
  keyParts: 3,
  /** Largest value, UTF-8 bytes. */
  valueBytes: 65_536,
  /** Keys per getbatch request. */
  batchKeys: 10,
  /** deferkv timestamps are UNIX seconds below this (year 5138): a larger number is a time in milliseconds. */
  timestampBelow: 1e11,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why `fullKey` is not a full key `[namespace:][visitorId:]key`, or undefined: the client's rule, from core. */
export { fullKeyProblem };

/** Why `counterKey` is not `<fullKey>:<YYYY-MM-DD>`, or undefined. */
export function counterKeyProblem(counterKey: unknown): string | undefined {
  if (typeof counterKey !== 'string') return 'counter key must be a string';
  const at = counterKey.lastIndexOf(':');
  return at > 0 && DATE.test(counterKey.slice(at + 1)) && !fullKeyProblem(counterKey.slice(0, at))
    ? undefined
    : `counter key ${JSON.stringify(counterKey)} is invalid: expected <key>:<YYYY-MM-DD>`;
}

/** Why `value` cannot be stored (a string of at most 65,536 UTF-8 bytes), or undefined. */
export function valueProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'data must be a string';
  const bytes = new TextEncoder().encode(value).length;
  return bytes > STASH_LIMITS.valueBytes
    ? `data is ${bytes} bytes; at most ${STASH_LIMITS.valueBytes} UTF-8 bytes are stored`
    : undefined;
}

/** Why `keys` is not a getbatch key list (1..10 keys, each passing `problem`), or undefined. */
export function batchProblem(keys: unknown, problem: (key: unknown) => string | undefined): string | undefined {
  if (!Array.isArray(keys) || keys.length === 0) return 'keys must be a non-empty array';
  if (keys.length > STASH_LIMITS.batchKeys)
    return `keys has ${keys.length} entries; at most ${STASH_LIMITS.batchKeys} per getbatch`;
  for (const key of keys) {
    const why = problem(key);
    if (why) return why;
  }
  return undefined;
}

/** A deferkv timestamp: UNIX seconds, a positive integer (below 10^11, so not milliseconds). */
export const isTimestamp = (t: unknown): t is number =>
  Number.isInteger(t) && (t as number) > 0 && (t as number) < STASH_LIMITS.timestampBelow;

/** The message of an invalid timestamp. */
export const TIMESTAMP_PROBLEM = 'timestamp must be UNIX seconds: a positive integer below 1e11';

/** The UTC date `YYYY-MM-DD` of an epoch-ms time: the dimension value of counters. */
export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
