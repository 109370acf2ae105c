import { BadRequestError, invalid, ProtocolError, ServerError } from '../core/errors';
import { endpointFor } from '../core/endpoints';
import { request, type JsonObject, type Query } from '../core/http';
import { segment } from '../core/path';
import { retry } from '../core/retry';
import { refuseUnknownKeys } from '../core/keys';
import { pageTracker } from '../core/tracker-slot';
import { readVisitorId } from '../core/visitor-id';
import type { StashOptions } from './options';

/** Keys per getbatch request (PROTOCOL.md). */
const BATCH = 10;

/** Why a level is refused: for `createStash` options and for writes. */
const LEVEL = 'must be "public" ("protected": kv reads only)';

/** What every opType's client shares: full keys and requests, options validated. */
export interface Connection {
  /** The full key `[namespace:][visitorId:]key` of a caller's key, each part validated. */
  full(key: unknown, argument?: string): string;
  /**
   * Sends one stash request: `GET` for `get`, else `POST`. Resolves the body, or `undefined` when its
   * status is 404 (nothing there). Reads (`get`, `getbatch`) are retried and identical concurrent
   * ones share a request; overwrites are retried; `incr`/`decr` are sent once (a retry could count
   * twice). Writes are refused at `protected`.
   */
  send(op: string, fullKey?: string, json?: unknown, query?: Query): Promise<JsonObject | undefined>;
  /** `get` of one key: `check(data)`, or `undefined` when there is nothing. */
  read<T>(fullKey: string, check: (data: unknown) => T, query?: Query): Promise<T | undefined>;
  /** Reads keys in getbatch requests of at most 10, in parallel: `check(value)` by the caller's key, missing keys absent. */
  batch<T>(keys: readonly unknown[], full: (key: unknown) => string, check: (value: unknown) => T): Promise<Record<string, T>>;
}

/** Validates a value: a string of at most 65,536 UTF-8 bytes (PROTOCOL.md). */
export const checkValue = (value: unknown): string =>
  typeof value == 'string' && new Blob([value]).size <= 65_536 ? value : invalid('value', value, 'must be a string of <= 65536 UTF-8 bytes');

/** Throws the `PROTOCOL` error of a response that is not the documented shape. */
export const malformed = (): never => {
  throw new ProtocolError('PROTOCOL', 'stash: malformed response');
};

/** Reads in flight, by request (URL, body, query) and timeout and retries, shared by every client of the page. */
const flights = new Map<string, Promise<JsonObject | undefined>>();

export function connect(opType: string, trackingId: string, options: StashOptions): Connection {
  if (typeof options != 'object' || !options) invalid('options', options, 'must be an object');
  refuseUnknownKeys('options', options, ['namespace', 'useVisitorId', 'visitorId', 'level', 'timeout', 'endpoint', 'retries']);
  const { namespace, useVisitorId = false, visitorId, level = 'public', timeout = 0, endpoint, retries = 2 } = options;
  const tid = segment('trackingId', trackingId);
  if (namespace !== undefined) segment('options.namespace', namespace);
  if (visitorId !== undefined) segment('options.visitorId', visitorId);
  if (typeof useVisitorId != 'boolean') invalid('options.useVisitorId', useVisitorId, 'must be a boolean');
  if (level != 'public' && (level != 'protected' || opType != 'kv')) invalid('options.level', level, LEVEL);
  if (!(typeof timeout == 'number' && timeout >= 0 && timeout < 2 ** 31)) invalid('options.timeout', timeout, 'must be 0 to 2^31-1 ms');
  if (!(Number.isInteger(retries) && retries >= 0)) invalid('options.retries', retries, 'must be an integer >= 0');
  if (endpoint !== undefined && typeof endpoint != 'string') invalid('options.endpoint', endpoint, 'must be a URL');

  const full = (key: unknown, argument = 'key') => {
    const id = useVisitorId ? (visitorId ?? readVisitorId() ?? pageTracker()?.visitorId ?? invalid('options.visitorId', undefined, 'is required by useVisitorId (or a _svcTracker cookie)')) : '';
    return [namespace, id && segment('options.visitorId', id), segment(argument, key)].filter(Boolean).join(':');
  };

  const send: Connection['send'] = (op, fullKey = '', json, query) => {
    const read = op[0] == 'g'; // get, getbatch
    if (!read && level != 'public') invalid('options.level', level, LEVEL);
    const url = `${endpointFor('stash', endpoint)}/stash/v1.1/${opType}/${op}/${tid}/${level}${fullKey && '/' + fullKey}`;
    const what = `stash ${opType} ${op}${fullKey && ` "${fullKey}"`}`;
    const run = () =>
      retry(
        async () => {
          // HTTP 200 always (else request() throws); the body's status is the outcome.
          const body = await request(url, { method: op == 'get' ? 'GET' : 'POST', json, query, timeout, what, envelope: false });
          const { status, message } = body;
          if (status === 200) return body;
          if (status === 404) return undefined; // nothing there: an answer, not an error
          const text = `${what}: status ${JSON.stringify(status)}${typeof message == 'string' ? ': ' + message : ''}`;
          throw typeof status != 'number'
            ? new ProtocolError('PROTOCOL', text)
            : status >= 500
              ? new ServerError('SERVER_ERROR', text, { status })
              : new BadRequestError('BAD_REQUEST', text, { status });
        },
        { attempts: /cr$/.test(op) ? 1 : retries + 1 }, // incr, decr: once
      );
    if (!read) return run();
    // Reads with another timeout or retries are not the same read: each keeps its own.
    const id = url + JSON.stringify([json, query, timeout, retries]);
    let flight = flights.get(id);
    if (!flight) flights.set(id, (flight = run().finally(() => flights.delete(id))));
    return flight;
  };

  return {
    full,
    send,
    async read(fullKey, check, query) {
      const body = await send('get', fullKey, undefined, query);
      return body && check(body.data);
    },
    async batch(keys, fullOf, check) {
      const callerOf = new Map(keys.map((key) => [fullOf(key), key as string]));
      const fullKeys = [...callerOf.keys()];
      const sent = [];
      for (let i = 0; i < fullKeys.length; ) sent.push(send('getbatch', '', { keys: fullKeys.slice(i, (i += BATCH)) }));
      const values = Object.create(null);
      for (const body of await Promise.all(sent)) {
        const data = body?.data ?? {};
        if (typeof data != 'object') malformed();
        // Only keys asked for; `values` has no prototype, so `__proto__` is a plain own key.
        for (const [fullKey, value] of Object.entries(data as object)) {
          const key = callerOf.get(fullKey);
          if (key) values[key] = check(value);
        }
      }
      return values;
    },
  };
}
