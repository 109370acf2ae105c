import {
  type Check,
  checkFields,
  connectionUrl,
  type Fields,
  invalid,
  isObject,
  type JsonObject,
  ProtocolError,
  pageTracker,
  type Query,
  readConnection,
  readVisitorId,
  refusedField,
  refuseUnknownKeys,
  request,
  segment,
  type TimeoutRule,
} from '@svc/core';
import { looksLikeVisitorId } from '@svc/core/internal';
import { STASH_DEFAULTS, type StashOptions } from './options';

/** Keys per getbatch request (PROTOCOL.md). */
const BATCH = 10;

/** A read that hangs fails with `TIMEOUT` instead of waiting forever (`STASH_DEFAULTS.timeout`); 0 waits. */
const TIMEOUT: TimeoutRule = { default: STASH_DEFAULTS.timeout, least: 0 };

/** How errors name the connection options: the tracking id is `createStash`'s second argument. */
const NAMES = { trackingId: 'trackingId', endpoint: 'options.endpoint', timeout: 'options.timeout' };

/** Why a level is refused: for `createStash` options and for writes. */
const LEVEL = 'must be "public" ("protected": kv reads only)';

/** What every opType's client shares: full keys and requests, options validated. */
export interface Connection {
  /** The full key `[namespace:][visitorId:]key` of a caller's key, each part validated. */
  fullKey(key: unknown, argument?: string): string;
  /**
   * Sends one stash request: `GET` for `get`, else `POST`. Resolves the body, or `undefined` when its
   * status is 404 (nothing there). Reads (`get`, `getbatch`) are retried and identical concurrent
   * ones share a request; overwrites are retried; `incr`/`decr` are sent once (a retry could count
   * twice). Writes are refused at `protected`.
   */
  send(op: string, fullKey?: string, json?: unknown, query?: Query): Promise<JsonObject | undefined>;
  /**
   * The answer's `data` for the operation `op` of the caller's `key`, once `data` accepts it, or
   * `undefined` without an answer (nothing there). A `data` it refuses is `PROTOCOL` naming the
   * operation and the field: `kv.get of "cart": invalid response.data`.
   */
  dataOf(op: string, key: unknown, body: JsonObject | undefined, data: Check | Fields): unknown;
  /** `get` of one key: its `data` (checked as `dataOf` does), or `undefined` when there is nothing. */
  read(key: unknown, fullKey: string, data: Check | Fields, query?: Query): Promise<unknown>;
  /**
   * Reads keys in getbatch requests of at most 10, in parallel: each value that `value` accepts, by
   * the caller's key; missing keys absent. A value it refuses is `PROTOCOL` naming it.
   */
  batch(keys: readonly unknown[], fullKeyOf: (key: unknown) => string, value: Check): Promise<Record<string, unknown>>;
}

/** Validates a value: a string of at most 65,536 UTF-8 bytes (PROTOCOL.md). */
export function checkValue(value: unknown): string {
  if (typeof value !== 'string' || new Blob([value]).size > 65_536)
    invalid('value', value, 'must be a string of <= 65536 UTF-8 bytes');
  return value;
}

/** An integer the platform sends as a string: `"<unix seconds>"`, a count. */
export const anIntegerText: Check = {
  accepts: (value) => typeof value === 'string' && /^-?\d{1,15}$/.test(value),
  expectation: 'must be an integer as a string',
};

/** Namespaces already warned about on this page: each warning is given once. */
const warnedNamespaces = new Set<string>();

/**
 * Warns once when `namespace` has the shape of the tracker's visitor ids: its keys could then be
 * some visitor's keys too (`[namespace:][visitorId:]key` has no mark between the two). Such a
 * namespace is not refused and no key is rewritten: the platform's key scheme is what it is.
 */
function warnIfVisitorShaped(namespace: string): void {
  if (!looksLikeVisitorId(namespace) || warnedNamespaces.has(namespace)) return;
  warnedNamespaces.add(namespace);
  console.warn(
    `svc stash: namespace "${namespace}" has the shape of a visitor id: its keys can be a visitor's keys too ` +
      '(choose a namespace no visitor id can be, such as "cart" or "app.v1"; see docs/stash.md)',
  );
}

/** A getbatch answer's `data`: values by full key. */
const BATCH_DATA: Check = { accepts: isObject, expectation: 'must be an object of values by full key' };

/** Reads in flight that a new identical read may still join, by request (URL, body, query). */
type Flights = Map<string, Promise<JsonObject | undefined>>;

/**
 * The tracking id and `options` checked, with the defaults of STASH_DEFAULTS; `INVALID_ARGUMENT` naming the first bad
 * one.
 */
function checkOptions(opType: string, trackingId: string, options: StashOptions) {
  if (typeof options !== 'object' || !options) invalid('options', options, 'must be an object');
  refuseUnknownKeys('options', options, [
    'namespace',
    'useVisitorId',
    'visitorId',
    'level',
    'timeout',
    'endpoint',
    'retries',
  ]);
  const { namespace, visitorId } = options;
  const { useVisitorId = STASH_DEFAULTS.useVisitorId, level = STASH_DEFAULTS.level } = options;
  const { retries = STASH_DEFAULTS.retries } = options;
  const connection = readConnection(
    { trackingId, endpoint: options.endpoint, timeout: options.timeout },
    TIMEOUT,
    NAMES,
  );
  if (namespace !== undefined) {
    segment('options.namespace', namespace);
    warnIfVisitorShaped(namespace);
  }
  if (visitorId !== undefined) segment('options.visitorId', visitorId);
  checkFields({ useVisitorId, level, retries }, 'options.', [
    ['useVisitorId', (value) => typeof value === 'boolean', 'must be a boolean'],
    // The stash's own rule: `protected` is a level of `kv` only.
    ['level', (value) => value === 'public' || (value === 'protected' && opType === 'kv'), LEVEL],
    ['retries', (value) => Number.isInteger(value) && (value as number) >= 0, 'must be an integer >= 0'],
  ]);
  return { ...connection, namespace, visitorId, useVisitorId, level, retries };
}

/**
 * The read in flight under `id` while it is young, or a new one started by `run`. A read may be
 * joined only in the event-loop turn that started it: it is forgotten when a 0 ms timer fires or
 * when it settles, whichever comes first, so a request that hangs is never joined by a later read.
 */
function shared(flights: Flights, id: string, run: () => Promise<JsonObject | undefined>) {
  const joined = flights.get(id);
  if (joined) return joined;
  const flight = run();
  const forget = () => {
    clearTimeout(young);
    if (flights.get(id) === flight) flights.delete(id);
  };
  const young = setTimeout(forget, 0);
  flight.then(forget, forget);
  flights.set(id, flight);
  return flight;
}

/** `Connection.batch` over `send`: getbatch requests of at most BATCH keys, in parallel. */
async function readBatch(
  send: Connection['send'],
  dataOf: Connection['dataOf'],
  operation: () => string,
  keys: readonly unknown[],
  fullOf: (key: unknown) => string,
  value: Check,
): Promise<Record<string, unknown>> {
  // Array.from visits a hole of a sparse list too (map skips it): a hole is a missing key, refused.
  const callerOf = new Map(Array.from(keys, (key) => [fullOf(key), key as string]));
  const fullKeys = [...callerOf.keys()];
  const sent = [];
  for (let i = 0; i < fullKeys.length; i += BATCH) {
    sent.push(send('getbatch', '', { keys: fullKeys.slice(i, i + BATCH) }));
  }
  const values = Object.create(null);
  // Only the keys asked for, each value checked; `values` has no prototype, so `__proto__` is a plain own key.
  for (const body of await Promise.all(sent)) {
    const data = (dataOf('getbatch', keys, body, BATCH_DATA) ?? {}) as Record<string, unknown>;
    for (const [fullKey, found] of Object.entries(data)) {
      const key = callerOf.get(fullKey);
      if (key === undefined) continue;
      if (!value.accepts(found))
        throw new ProtocolError(operation(), `invalid response.data[${JSON.stringify(fullKey)}]`);
      values[key] = found;
    }
  }
  return values;
}

/**
 * The full key `[namespace:][visitorId:]key` of a caller's key (the seed's rule, the platform's
 * and the mock's too), each part checked as a path segment; the visitor id read at each call.
 */
function buildFullKey(settings: ReturnType<typeof checkOptions>, key: unknown, argument: string): string {
  const { namespace, useVisitorId, visitorId } = settings;
  const parts = namespace === undefined ? [] : [namespace];
  if (useVisitorId) {
    const found = visitorId ?? readVisitorId() ?? pageTracker()?.visitorId;
    if (found === undefined)
      invalid('options.visitorId', undefined, 'is required by useVisitorId (or a _svcTracker cookie)');
    parts.push(segment('options.visitorId', found));
  }
  parts.push(segment(argument, key));
  return parts.join(':');
}

/** What a refused answer's error names: `kv.get of "cart"`. */
const operationOf = (opType: string, op: string, key: unknown) => `${opType}.${op} of ${JSON.stringify(key)}`;

export function connect(opType: string, trackingId: string, options: StashOptions): Connection {
  const settings = checkOptions(opType, trackingId, options);
  const { trackingId: trackingIdSegment, level, timeout, retries } = settings;
  // One client's own reads: a read never waits on a request another client started.
  const flights: Flights = new Map();
  const fullKey = (key: unknown, argument = 'key') => buildFullKey(settings, key, argument);

  const send: Connection['send'] = (op, fullKey = '', json, query) => {
    const isRead = op === 'get' || op === 'getbatch';
    if (!isRead && level !== 'public') invalid('options.level', level, LEVEL);
    const route = `/stash/v1.1/${opType}/${op}/${trackingIdSegment}/${level}${fullKey ? `/${fullKey}` : ''}`;
    const url = connectionUrl('stash', settings, route);
    const action = `stash ${opType} ${op}${fullKey ? ` "${fullKey}"` : ''}`;
    // A counter change is sent once: repeating it could count twice.
    const countsOnce = op === 'incr' || op === 'decr';
    const retry = countsOnce ? undefined : { limit: retries };
    // HTTP 200 always; the body's status is the outcome, and 404 (nothing there) is an answer.
    const run = async () => {
      const body = await request(url, {
        method: op === 'get' ? 'GET' : 'POST',
        json,
        query,
        timeout,
        action,
        retry,
        absentIsAnswer: true,
      });
      return body.status === 404 ? undefined : body;
    };
    return isRead ? shared(flights, url + JSON.stringify([json, query]), run) : run();
  };

  const dataOf: Connection['dataOf'] = (op, key, body, data) => {
    if (!body) return undefined;
    const refused = refusedField('response', body, [['data', data]]);
    if (refused) throw new ProtocolError(operationOf(opType, op, key), `invalid ${refused}`);
    return body.data;
  };

  return {
    fullKey,
    send,
    dataOf,
    async read(key, fullKey, data, query) {
      return dataOf('get', key, await send('get', fullKey, undefined, query), data);
    },
    // The operation is named only for a refused answer, once every key has been checked (a string).
    batch: (keys, fullOf, value) =>
      readBatch(send, dataOf, () => operationOf(opType, 'get', keys), keys, fullOf, value),
  };
}
