import { BadRequestError, invalid, ProtocolError, ServerError } from '../core/errors';
import { endpointFor } from '../core/endpoints';
import { request, type JsonObject } from '../core/http';
import { segment } from '../core/path';
import { retry } from '../core/retry';
import { pageTracker } from '../core/tracker-slot';
import { readVisitorId } from '../core/visitor-id';
import type { StashLevel, StashOptions } from './options';

/** Keys per getbatch request (PROTOCOL.md). */
const BATCH = 10;
/** Largest value, UTF-8 bytes (PROTOCOL.md). */
const VALUE_BYTES = 65_536;

/**
 * How a request is sent. `read` (default): retried, and shared by identical concurrent reads.
 * `overwrite`: retried (sending it twice stores the same). `count`: sent once, as a retry could count twice.
 */
export type Mode = 'read' | 'overwrite' | 'count';

/** What every opType's client shares: validated options, full keys, requests. */
export interface Connection {
  readonly level: StashLevel;
  /** The full key `[namespace:][visitorId:]key` of a caller's key, each part validated. */
  full(key: unknown, argument?: string): string;
  /** Sends one stash request (`GET` for `get`, else `POST`); resolves the body, or `undefined` when its status is 404. */
  send(op: string, fullKey: string | undefined, init?: { json?: unknown; query?: Record<string, number>; mode?: Mode }): Promise<JsonObject | undefined>;
  /** Reads keys in getbatch requests of at most 10, in parallel; values by the caller's key. */
  batch(keys: string[], full: (key: unknown) => string): Promise<Record<string, unknown>>;
}

/** Validates a value: a string of at most 65,536 UTF-8 bytes. */
export const checkValue = (value: unknown): string =>
  typeof value === 'string' && new TextEncoder().encode(value).length <= VALUE_BYTES
    ? value
    : invalid('value', value, `must be a string of at most ${VALUE_BYTES} UTF-8 bytes`);

/** Throws the `PROTOCOL` error of a response that is not the documented shape. */
export const malformed = (what: string): never => {
  throw new ProtocolError('PROTOCOL', `stash: ${what} is not the documented shape`);
};

/** Reads in flight, by request (URL, query, body), shared by every client of the page. */
const flights = new Map<string, Promise<JsonObject | undefined>>();

/** `Object.hasOwn` (ES2022) for the browsers we support. */
export const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function connect(opType: string, trackingId: string, options: StashOptions): Connection {
  if (typeof options !== 'object' || options === null) invalid('options', options, 'must be an object');
  const { namespace, useVisitorId = false, visitorId, level = 'public', timeout = 0, endpoint, retries = 2 } = options;
  const tid = segment('trackingId', trackingId);
  if (namespace !== undefined) segment('options.namespace', namespace);
  if (visitorId !== undefined) segment('options.visitorId', visitorId);
  if (typeof useVisitorId !== 'boolean') invalid('options.useVisitorId', useVisitorId, 'must be a boolean');
  if (level !== 'public' && (level !== 'protected' || opType !== 'kv')) invalid('options.level', level, `must be "public"${opType === 'kv' ? ' or "protected"' : ` for ${opType}`}`);
  if (!(typeof timeout === 'number' && timeout >= 0 && timeout < 2 ** 31)) invalid('options.timeout', timeout, 'must be a number of milliseconds, 0 to 2^31-1');
  if (!(Number.isInteger(retries) && retries >= 0)) invalid('options.retries', retries, 'must be an integer >= 0');
  if (endpoint !== undefined && typeof endpoint !== 'string') invalid('options.endpoint', endpoint, 'must be a URL');

  const full = (key: unknown, argument = 'key') => {
    const id = useVisitorId ? (visitorId ?? readVisitorId() ?? pageTracker()?.visitorId) : '';
    if (id === undefined) invalid('options.visitorId', id, 'is required with useVisitorId: pass it, or set the _svcTracker cookie');
    return [namespace, id && segment('options.visitorId', id), segment(argument, key)].filter(Boolean).join(':');
  };

  const send: Connection['send'] = (op, fullKey, { json, query, mode = 'read' } = {}) => {
    const url = `${endpointFor('stash', endpoint)}/stash/v1.1/${opType}/${op}/${tid}/${level}${fullKey ? '/' + fullKey : ''}`;
    const what = `stash ${opType} ${op}${fullKey ? ` "${fullKey}"` : ''}`;
    const attempt = async () => {
      const body = await request(url, { method: op === 'get' ? 'GET' : 'POST', json, query, timeout, what, envelope: false });
      // HTTP 200 always; the body's status is the outcome. 404 (nothing there) is an answer, not an error.
      const { status, message } = body;
      if (status === 200) return body;
      if (status === 404) return undefined;
      const text = `${what}: status ${status}${typeof message === 'string' ? ': ' + message : ''}`;
      throw typeof status !== 'number'
        ? new ProtocolError('PROTOCOL', `${what}: response has no numeric "status"`)
        : status >= 500
          ? new ServerError('SERVER_ERROR', text, { status })
          : new BadRequestError('BAD_REQUEST', text, { status });
    };
    const run = () => retry(attempt, { attempts: mode === 'count' ? 1 : retries + 1 });
    if (mode !== 'read') return run();
    // Single-flight: identical concurrent reads share one request.
    const id = `${url} ${JSON.stringify(query)} ${JSON.stringify(json)}`;
    let flight = flights.get(id);
    if (!flight) {
      flight = run().finally(() => flights.delete(id));
      flights.set(id, flight);
    }
    return flight;
  };

  return {
    level,
    full,
    send,
    async batch(keys: string[], fullOf) {
      const callerOf = new Map<string, string>();
      for (const key of keys) callerOf.set(fullOf(key), key);
      const fullKeys = [...callerOf.keys()];
      const chunks: string[][] = [];
      for (let i = 0; i < fullKeys.length; i += BATCH) chunks.push(fullKeys.slice(i, i + BATCH));
      const bodies = await Promise.all(chunks.map((chunk) => send('getbatch', undefined, { json: { keys: chunk } })));
      const values: Record<string, unknown> = Object.create(null);
      for (const body of bodies) {
        const data = body?.data ?? {};
        if (typeof data !== 'object' || data === null) malformed('getbatch data');
        for (const [fullKey, key] of callerOf) if (own(data as object, fullKey)) values[key] = (data as JsonObject)[fullKey];
      }
      return values;
    },
  };
}
